import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page';
import { ERROR_TEXTS } from './texts';

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorPage', () => {
  it('tells a visitor on an unknown path that the page was not found, with a link home', () => {
    const router = createMemoryRouter([{ path: '*', element: <ErrorPage /> }], { initialEntries: ['/nope'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TEXTS.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ERROR_TEXTS.home })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Pehnava');
  });

  it('renders as the errorElement on its own, with its own header, when a route throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TEXTS.errorTitle })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ERROR_TEXTS.home })).toHaveAttribute('href', '/');
    vi.restoreAllMocks();
  });
});
