import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AfterFirstPaint } from './AfterFirstPaint';

describe('AfterFirstPaint', () => {
  it('commits its placeholder first and its children after the next frame', async () => {
    render(
      <>
        <div data-testid="primary" />
        <AfterFirstPaint placeholder={<div data-testid="placeholder" />}>
          <div data-testid="secondary" />
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByTestId('primary')).toBeTruthy();
    expect(screen.getByTestId('placeholder')).toBeTruthy();
    expect(screen.queryByTestId('secondary')).toBeNull();
    expect(await screen.findByTestId('secondary')).toBeTruthy();
    expect(screen.queryByTestId('placeholder')).toBeNull();
  });
});
