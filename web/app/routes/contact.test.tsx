import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../common/api-paths';
import { renderWithApp } from '../../testing/render-with-app';
import ContactPage from './contact';

afterEach(() => vi.unstubAllGlobals());

describe('Contact route', () => {
  it('shows the support contacts from GET /api/config and sets the page title', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            shopName: 'Pehnava',
            supportEmail: 'help@example.in',
            supportPhone: '+91 90000 00001',
            whatsappNumber: '919000000001',
            captchaSiteKey: null,
            paymentKeyId: null,
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<ContactPage />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading contact details');
    expect(await screen.findByText('help@example.in')).toHaveAttribute('href', 'mailto:help@example.in');
    expect(screen.getByText('Chat on WhatsApp').closest('a')).toHaveAttribute(
      'href',
      'https://wa.me/919000000001',
    );
    expect(fetchMock).toHaveBeenCalledWith(API.system.config, expect.anything());
    expect(document.title).toBe('Contact Us | Pehnava');
  });
});
