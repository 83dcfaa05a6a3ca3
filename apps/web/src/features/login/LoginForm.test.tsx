import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import i18n from '../../core/i18n';
import { LoginForm } from './LoginForm';

// The real widget needs a worker and a server; the form only needs its `statechange` event.
vi.mock('altcha', () => ({}));

const renderForm = (onSubmit = vi.fn().mockResolvedValue(undefined)) => {
  render(
    <AntApp>
      <LoginForm onSubmit={onSubmit} onForgotPassword={() => undefined} />
    </AntApp>,
  );
  return onSubmit;
};

const verifyCaptcha = (payload: string) => {
  const widget = document.querySelector('altcha-widget')!;
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('LoginForm validation (spec 000 §5)', () => {
  it('shows the three messages and does not submit when everything is missing', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('please enter email')).toBeTruthy();
    expect(screen.getByText('please enter password')).toBeTruthy();
    expect(screen.getByText('Please tick the verification checkbox')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the messages in the interface language', async () => {
    await i18n.changeLanguage('tr');
    renderForm();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Lütfen e-posta adresinizi girin')).toBeTruthy();
  });

  it('translates the messages shown when the language changes, and shows no new ones', async () => {
    renderForm();
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('please enter email')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('please enter email')).toBeNull()); // once its exit animation ended
    expect(screen.queryByText('please enter password')).toBeNull();
    expect(screen.queryByText('Bitte geben Sie Ihr Passwort ein')).toBeNull();
  });

  it('asks only for the captcha when email and password are given', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'admin@demo.local' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please tick the verification checkbox')).toBeTruthy();
    expect(screen.queryByText('please enter email')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed email, the password and the captcha payload once verified', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: '  admin@demo.local ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    verifyCaptcha('payload-abc');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'admin@demo.local', password: 'secret', reCaptcha: 'payload-abc' }),
    );
  });

  it('requires a new captcha after a failed attempt', async () => {
    const onSubmit = renderForm(vi.fn().mockRejectedValue(new Error('wrong')));
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    verifyCaptcha('p1');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please tick the verification checkbox')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
