import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_TEXTS } from '../texts';
import { ContactContent } from './contact-content';

const contacts = {
  shopName: 'Pehnava',
  supportEmail: 'support@pehnava.in',
  supportPhone: '+91 98765 43210',
  whatsappNumber: '919876543210',
  grievanceOfficer: {
    name: 'Asha Menon',
    designation: 'Grievance Officer',
    email: 'grievances@pehnava.in',
    phone: '+91 98765 43211',
  },
};

describe('ContactContent', () => {
  it('names the Grievance Officer with their email and phone', () => {
    render(
      <MemoryRouter>
        <ContactContent contacts={contacts} />
      </MemoryRouter>,
    );
    expect(screen.getByText(CONTACT_TEXTS.grievanceOfficerTitle).tagName).toBe('H2');
    expect(screen.getByText(/Asha Menon, Grievance Officer, Pehnava/)).toBeInTheDocument();
    expect(screen.getByText('grievances@pehnava.in')).toHaveAttribute('href', 'mailto:grievances@pehnava.in');
    expect(screen.getByText(/\+91 98765 43211/)).toBeInTheDocument();
  });

  it('shows the SPEC texts, WhatsApp and call links, the contact card and the tips', () => {
    render(
      <MemoryRouter>
        <ContactContent contacts={contacts} />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: "Need help? We're here." })).toBeInTheDocument();
    expect(screen.getByText(/WhatsApp and our team will reply within a few minutes/)).toBeInTheDocument();
    // Text queries: role queries recompute the accessibility tree and are slow on a busy machine.
    expect(screen.getByText('Chat on WhatsApp').closest('a')).toHaveAttribute(
      'href',
      'https://wa.me/919876543210',
    );
    expect(screen.getByText('Call Support').closest('a')).toHaveAttribute('href', 'tel:+919876543210');

    expect(screen.getByText('support@pehnava.in')).toHaveAttribute('href', 'mailto:support@pehnava.in');
    expect(screen.getByText('+91 98765 43210')).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByLabelText(CONTACT_TEXTS.copyEmail)).toHaveAttribute('type', 'button');
    expect(screen.getByLabelText(CONTACT_TEXTS.copyPhone)).toHaveAttribute('type', 'button');

    expect(screen.getByText('Support hours: 9:00 AM – 9:00 PM IST · Mon–Sat')).toBeInTheDocument();
    expect(screen.getByText('For quicker resolution').tagName).toBe('H2');
    for (const tip of [
      'Your order ID, if you placed an order',
      'The product name, size and colour',
      'A brief description of the issue, or a photo or video',
    ]) {
      expect(screen.getByText(tip)).toBeInTheDocument();
    }
  });

  it('says so and offers a retry when the contact details cannot be loaded', () => {
    const retry = vi.fn();
    render(<ContactContent failed onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(CONTACT_TEXTS.loadError);
    screen.getByText(CONTACT_TEXTS.retry).click();
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Chat on WhatsApp')).not.toBeInTheDocument();
    // The support hours do not depend on the settings.
    expect(screen.getByText(CONTACT_TEXTS.supportHours)).toBeInTheDocument();
  });
});
