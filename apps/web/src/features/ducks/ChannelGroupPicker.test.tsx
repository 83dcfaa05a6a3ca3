import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18n from '../../core/i18n';
import { ALL, fakeApi, loginAs, renderAdmin } from '../admin/adminTestKit';
import { ChannelGroupPicker } from './ChannelGroupPicker';
import { BLANK, CONFIGURED, DUCKS } from '../admin/ducks/duckFixtures';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeApi({ 'GET /ducks': DUCKS });
  loginAs(ALL);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const openPicker = () => {
  const select = screen.getByTestId('duck-channel-group-picker');
  fireEvent.mouseDown(select.querySelector('input') ?? select);
};
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent);

describe('ChannelGroupPicker', () => {
  it("offers that duck's sensors by groupCode (MAC case-insensitive) and reports the chosen one", async () => {
    const onChange = vi.fn();
    renderAdmin(<ChannelGroupPicker duckMac={CONFIGURED.macAddress.toLowerCase()} onChange={onChange} />);
    openPicker();
    const option = await screen.findByText('Phase A (Current) · 5', { selector: '.ant-select-item-option-content' });
    expect(optionTexts()).toEqual(['Motor DE (Accelerometer) · 1|2|3', 'Phase A (Current) · 5']);
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('5');
  });

  it('shows the current value by its label', async () => {
    renderAdmin(<ChannelGroupPicker duckMac={CONFIGURED.macAddress} value="1|2|3" />);
    expect(await screen.findByText('Motor DE (Accelerometer) · 1|2|3')).toBeTruthy();
  });

  it('says so when the duck has no sensors or is unknown', async () => {
    renderAdmin(<ChannelGroupPicker duckMac={BLANK.macAddress} />);
    openPicker();
    expect(await screen.findByText('This duck has no sensors configured')).toBeTruthy();
    cleanup();
    renderAdmin(<ChannelGroupPicker duckMac="CA:B8:DA:FF:FF:FF" />);
    openPicker();
    expect(await screen.findByText('Duck not found')).toBeTruthy();
  });
});
