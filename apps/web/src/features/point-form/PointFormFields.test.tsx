import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { fakePointApi, inputOf, pick, renderDialog, typeNumber } from './pointFormTestKit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const shown = (testId: string) => screen.queryByTestId(testId) !== null;

async function openCreate() {
  const calls = fakePointApi();
  renderDialog();
  await screen.findByTestId('point-name');
  return calls;
}

describe('PointFormDialog fields', () => {
  it('tag code: shows the $ prefix, upper-cases and strips other characters while typing, trims on blur', async () => {
    await openCreate();
    const input = inputOf('point-tag-code');
    expect(input.closest('.ant-input-affix-wrapper')?.textContent).toContain('$');
    fireEvent.change(input, { target: { value: ' $pump-1 de!' } });
    expect(input.value).toBe('PUMP1 DE');
    fireEvent.change(input, { target: { value: 'ab ' } });
    expect(input.value).toBe('AB ');
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('AB'));
  });

  it('name is required, checked on blur', async () => {
    await openCreate();
    expect(screen.queryByText('Please enter a name')).toBeNull();
    fireEvent.blur(inputOf('point-name'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
  });

  it('type defaults to None; another type replaces None', async () => {
    await openCreate();
    const select = screen.getByTestId('point-type');
    expect(select.textContent).toContain('None');
    await pick('point-type', 'Bearing');
    await waitFor(() => expect(select.textContent).not.toContain('None'));
    expect(select.textContent).toContain('Bearing');
  });

  it('bearing selectors only when the type includes Bearing; the number waits for a brand', async () => {
    await openCreate();
    expect(shown('point-bearing-brand')).toBe(false);
    expect(shown('point-bearing-hint')).toBe(true);
    await pick('point-type', 'Bearing');
    await screen.findByTestId('point-bearing-brand');
    expect(inputOf('point-bearing-number').disabled).toBe(true);
    await pick('point-bearing-brand', 'SKF');
    await waitFor(() => expect(inputOf('point-bearing-number').disabled).toBe(false));
  });

  it('gearbox fields only with GearBox; planetary teeth for planetaryGearReducer, else shaft with driver/driven; current shafts only for middle', async () => {
    await openCreate();
    expect(shown('point-gearbox-fields')).toBe(false);
    await pick('point-type', 'Gearbox');
    await screen.findByTestId('point-gearbox-fields');
    expect(shown('point-shaft')).toBe(true);
    expect(shown('point-teeth-driver')).toBe(true);
    expect(shown('point-teeth-driven')).toBe(true);
    expect(shown('point-teeth-ring')).toBe(false);
    expect(shown('point-teeth-first-current')).toBe(false);

    await pick('point-shaft', 'Middle shaft');
    await screen.findByTestId('point-teeth-first-current');
    expect(shown('point-teeth-second-current')).toBe(true);
    await pick('point-shaft', 'Output shaft');
    await waitFor(() => expect(shown('point-teeth-first-current')).toBe(false));

    await pick('point-gearbox-type', 'Planetary gear reducer');
    await screen.findByTestId('point-teeth-ring');
    expect(shown('point-teeth-planet')).toBe(true);
    expect(shown('point-teeth-sun')).toBe(true);
    expect(shown('point-shaft')).toBe(false);
    expect(shown('point-teeth-driver')).toBe(false);
  });

  it('motor power only for an electric motor; belt fields only for belt-pulley; coupling type only for coupling', async () => {
    await openCreate();
    expect(shown('point-motor-power')).toBe(false);
    await pick('point-drive-type', 'Electric motor');
    await screen.findByTestId('point-motor-power');
    await pick('point-drive-type', 'Turbine');
    await waitFor(() => expect(shown('point-motor-power')).toBe(false));

    expect(shown('point-belt-fields')).toBe(false);
    expect(shown('point-coupling-type')).toBe(false);
    await pick('point-transmission-type', 'Belt and pulley');
    await screen.findByTestId('point-belt-fields');
    expect(shown('point-belt-length')).toBe(true);
    expect(shown('point-pulley-ratio')).toBe(true);
    expect(shown('point-coupling-type')).toBe(false);
    await pick('point-transmission-type', 'Coupling');
    await screen.findByTestId('point-coupling-type');
    expect(shown('point-belt-fields')).toBe(false);
    await pick('point-transmission-type', 'Gearbox');
    await screen.findByTestId('point-transmission-gearbox-fields');
  });

  it('pump and coupling classification cascade', async () => {
    await openCreate();
    expect(shown('point-pump-class')).toBe(false);
    fireEvent.click(inputOf('point-pump'));
    await screen.findByTestId('point-pump-class');
    await pick('point-pump-class', 'Positive displacement');
    await screen.findByTestId('point-pump-positive-displacement');
    expect(shown('point-pump-rotodynamic')).toBe(false);
    expect(shown('point-pump-open')).toBe(false);

    fireEvent.click(inputOf('point-coupling'));
    await screen.findByTestId('point-coupling-class');
    await pick('point-coupling-class', 'Flexible');
    await screen.findByTestId('point-coupling-flexible');
  });

  it('reference frequency: Hz ⇄ RPM multiplies and divides by 60; step 0.5, minimum 0', async () => {
    await openCreate();
    const input = inputOf('point-reference-frequency');
    expect(input.getAttribute('step')).toBe('0.5');
    expect(input.getAttribute('aria-valuemin')).toBe('0');
    typeNumber('point-reference-frequency', '24.5');
    fireEvent.click(inputOf('point-frequency-unit-rpm'));
    await waitFor(() => expect(Number(inputOf('point-reference-frequency').value)).toBe(1470));
    fireEvent.click(inputOf('point-frequency-unit-hz'));
    await waitFor(() => expect(Number(inputOf('point-reference-frequency').value)).toBe(24.5));
  });

  it('ticking variable speed sets the reference frequency to 0 and disables it', async () => {
    await openCreate();
    typeNumber('point-reference-frequency', '50');
    await waitFor(() => expect(Number(inputOf('point-reference-frequency').value)).toBe(50));
    fireEvent.click(inputOf('point-reference-frequency-variable'));
    await waitFor(() => expect(Number(inputOf('point-reference-frequency').value)).toBe(0));
    expect(inputOf('point-reference-frequency').disabled).toBe(true);
  });

  it('numbers: a negative value is refused', async () => {
    await openCreate();
    await pick('point-drive-type', 'Electric motor');
    await screen.findByTestId('point-motor-power');
    const input = inputOf('point-motor-power');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.blur(input);
    // antd clamps to the minimum on blur
    await waitFor(() => expect(Number(input.value)).toBe(0));
  });
});
