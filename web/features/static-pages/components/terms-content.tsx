import { Link } from 'react-router';
import { LEGAL_TEXTS, POLICY } from '../texts';
import { type GrievanceContacts, GrievanceOfficer, LegalDocument, type LegalSection } from './legal-document';

/** The terms of the shop, stating every policy of SPEC.md §1 and §9, under Indian consumer law. */
export function TermsContent({ contacts }: { contacts?: GrievanceContacts }) {
  const sections: LegalSection[] = [
    {
      id: 'about',
      heading: 'About these terms',
      body: (
        <>
          <p>
            These terms govern your use of the Pehnava website and every purchase you make on it. Pehnava is
            run by an Indian startup; besides our own products, we list products from third-party vendors.
            They are published under the Information Technology Act, 2000 and the Consumer Protection
            (E-Commerce) Rules, 2020. By using the shop you accept these terms and our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      heading: 'Eligibility',
      body: (
        <p>
          You must be {POLICY.minAge} years of age or older, and able to enter a binding contract under the
          Indian Contract Act, 1872, to register or to buy from us.
        </p>
      ),
    },
    {
      id: 'account',
      heading: 'Your account',
      body: (
        <ul>
          <li>
            A valid email address and a password are required to register. The password must have at least{' '}
            {POLICY.passwordMinLength} characters, including a number, an uppercase letter and a special
            character.
          </li>
          <li>Keep your password to yourself; you are responsible for what is done through your account.</li>
          <li>
            You can delete your account at any time. It is closed at once, and its data is kept for{' '}
            {POLICY.accountRetentionDays} days after deletion and then erased.
          </li>
        </ul>
      ),
    },
    {
      id: 'prices',
      heading: 'Prices and payment',
      body: (
        <ul>
          <li>All prices are in Indian rupees (Rs) and include GST.</li>
          <li>Any delivery charge is shown at checkout before you pay.</li>
          <li>
            Card payments are processed by our payment provider. Where offered, you may instead pay cash on
            delivery.
          </li>
          <li>
            If a price changes while an item is in your cart, we show you the new total before you place the
            order; you are always charged the price shown at checkout.
          </li>
        </ul>
      ),
    },
    {
      id: 'orders',
      heading: 'Orders',
      body: (
        <ul>
          <li>
            An order is confirmed when we show you its order number and, for online payment, the payment
            succeeds.
          </li>
          <li>
            An online order that is not paid is deleted automatically {POLICY.unpaidOrderMinutes} minutes
            after it is placed, and the items are released for other shoppers.
          </li>
          <li>
            If we cannot fulfil an order (for example, an item is out of stock), we cancel it, tell you, and
            refund any payment in full.
          </li>
        </ul>
      ),
    },
    {
      id: 'cancellation',
      heading: 'Cancellation',
      body: (
        <p>
          You can cancel an order within {POLICY.cancelHours} hours of placing it, as long as it has not
          shipped. If you had already paid, your refund is initiated when the order is cancelled.
        </p>
      ),
    },
    {
      id: 'returns',
      heading: 'Returns and refunds',
      body: (
        <ul>
          <li>
            A return or refund request must be made within {POLICY.returnDays} days of delivery, from your
            orders page.
          </li>
          <li>One return request can be made per order, so please include every item you wish to return.</li>
          <li>
            Returns apply to items marked refundable on the product page. Items must be unused, with their
            tags and original packaging.
          </li>
          <li>
            Once a return is approved, the refund is initiated within {POLICY.refundBusinessDays} business
            days, to the original payment method where possible. Your bank may take a few more days to show
            it.
          </li>
        </ul>
      ),
    },
    {
      id: 'delivery',
      heading: 'Delivery',
      body: (
        <p>
          We ship across India through a logistics aggregator and its courier partners. Delivery times shown
          are estimates. Please check your parcel on delivery and tell us within {POLICY.returnDays} days if
          anything is wrong.
        </p>
      ),
    },
    {
      id: 'reviews',
      heading: 'Reviews',
      body: (
        <ul>
          <li>Only verified buyers (customers who received the product) may review it, once per product.</li>
          <li>
            A review that includes an image of a person needs the consent checkbox: by ticking it you confirm
            that the person shown has agreed to the image being published.
          </li>
          <li>
            We moderate reviews and may decline ones that are abusive, off-topic or unlawful. We do not edit
            the meaning of a review or publish paid reviews.
          </li>
        </ul>
      ),
    },
    {
      id: 'use',
      heading: 'Acceptable use',
      body: (
        <p>
          Do not misuse the shop: no automated scraping or bulk ordering for resale without our consent, no
          attempts to break its security, and no unlawful, misleading or offensive content. We may suspend
          accounts that do.
        </p>
      ),
    },
    {
      id: 'privacy',
      heading: 'Privacy and analytics',
      body: (
        <p>
          We handle your personal data as our <Link to="/privacy-policy">Privacy Policy</Link> explains, under
          the Digital Personal Data Protection Act, 2023. We use anonymous analytics, which you can opt out
          of; we respect your browser's Do Not Track signal.
        </p>
      ),
    },
    {
      id: 'grievances',
      heading: 'Grievance redressal',
      body: (
        <>
          <p>
            As the Consumer Protection (E-Commerce) Rules, 2020 require, we have a Grievance Officer. A
            grievance is answered within {POLICY.grievanceBusinessDays} business days.
          </p>
          <GrievanceOfficer contacts={contacts} />
        </>
      ),
    },
    {
      id: 'law',
      heading: 'Governing law',
      body: (
        <p>
          These terms are governed by the laws of India, and disputes are subject to the jurisdiction of the
          competent courts in India. Nothing in these terms limits your rights under the Consumer Protection
          Act, 2019.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={LEGAL_TEXTS.termsTitle}
      intro={
        <p>Please read these terms before you shop with us. They are short, and written to be understood.</p>
      }
      sections={sections}
    />
  );
}
