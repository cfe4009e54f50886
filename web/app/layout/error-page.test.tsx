import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { ErrorPage } from './error-page';
import { ERROR_TEXTS } from './texts';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorPage', () => {
  it('tells a visitor on an unknown path that the page was not found, with a link home', () => {
    renderWithApp(<ErrorPage />, { path: '/nope' });
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TEXTS.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ERROR_TEXTS.home })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Pehnava');
  });

  it('renders as the errorElement on its own, with its own header, when a route throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TEXTS.errorTitle })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ERROR_TEXTS.home })).toHaveAttribute('href', '/');
    vi.restoreAllMocks();
  });
});
