import { Link } from 'react-router';
import { LEGAL_TEXTS, POLICY } from '../texts';
import { AnalyticsChoice, type AnalyticsChoiceProps } from './analytics-choice';
import { type GrievanceContacts, GrievanceOfficer, LegalDocument, type LegalSection } from './legal-document';

/** The privacy policy, written for an Indian shop under the DPDP Act 2023 and the IT Act 2000. */
export function PrivacyPolicyContent({
  contacts,
  analytics,
}: {
  contacts?: GrievanceContacts;
  /** The opt-out switch; the route wires it to the analytics feature. */
  analytics?: AnalyticsChoiceProps;
}) {
  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      body: (
        <>
          <p>
            Pehnava is an online shop run by an Indian startup. We sell clothing, gifts, home decor,
            accessories, toys and kitchenware, and we also list products from third-party vendors. For the
            personal data described here we are the Data Fiduciary under the Digital Personal Data Protection
            Act, 2023 (DPDP Act).
          </p>
          <p>
            This policy also follows the Information Technology Act, 2000 and the Information Technology
            (Reasonable Security Practices and Procedures and Sensitive Personal Data or Information) Rules,
            2011, and the Consumer Protection (E-Commerce) Rules, 2020.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      heading: 'Who may use the shop',
      body: (
        <p>
          You must be {POLICY.minAge} years of age or older to create an account or place an order. We do not
          knowingly collect personal data of children; if you believe a child has given us data, contact the
          Grievance Officer and we will erase it.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Account data:</strong> your name, a valid email address and a password (at least{' '}
            {POLICY.passwordMinLength} characters). We store only a one-way hash of your password, never the
            password itself.
          </li>
          <li>
            <strong>Contact and delivery data:</strong> your phone number and the delivery addresses you save.
          </li>
          <li>
            <strong>Orders:</strong> what you bought, prices, payment mode, payment and delivery status, and
            any order notes.
          </li>
          <li>
            <strong>Payments:</strong> card payments are processed by our payment provider. Your card number
            is entered on the provider's secure form; we receive only a payment reference and its status.
          </li>
          <li>
            <strong>Reviews:</strong> your rating, text and any photo you upload. A review photo that shows a
            person can only be submitted after you tick the consent checkbox confirming that the person shown
            has agreed. We remove location and camera details from uploaded images.
          </li>
          <li>
            <strong>In your browser:</strong> your cart and, as a guest, your liked products are kept in your
            browser's local storage. We set a session cookie and a security token cookie that are needed to
            keep you signed in and to protect forms.
          </li>
          <li>
            <strong>Support messages</strong> you send us by email, phone or WhatsApp.
          </li>
        </ul>
      ),
    },
    {
      id: 'how-we-use',
      heading: 'How we use your data',
      body: (
        <ul>
          <li>To create and secure your account, take payment and deliver your orders.</li>
          <li>To handle cancellations, returns, refunds and support requests.</li>
          <li>To send service messages such as order updates and one-time passwords (OTP).</li>
          <li>
            To keep the shop safe, including bot checks on sensitive forms and limits on repeated attempts.
          </li>
          <li>To meet our legal duties, such as keeping tax invoices under the GST law.</li>
        </ul>
      ),
    },
    {
      id: 'analytics',
      heading: 'Anonymous analytics',
      body: (
        <>
          <p>
            To learn which pages are useful, we count anonymous page views and events (for example, the page
            visited, the referring site, campaign tags, the language and the screen size). They are tied to a
            random identifier stored in your browser, not to your name, email or account.
          </p>
          <p>
            You can opt out at any time; your choice is stored in your browser and no analytics are sent after
            that. If your browser sends a Do Not Track signal, we respect it and send no analytics at all.
          </p>
          {analytics && <AnalyticsChoice {...analytics} />}
        </>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share data with',
      body: (
        <>
          <p>We share only what each party needs to do its job:</p>
          <ul>
            <li>our payment provider, to take card payments and make refunds;</li>
            <li>our logistics aggregator and its courier partners, to deliver and return parcels;</li>
            <li>a third-party vendor, for the orders of that vendor's products;</li>
            <li>our email and hosting providers, who process data on our instructions;</li>
            <li>government authorities, when Indian law requires it.</li>
          </ul>
          <p>We do not sell your personal data.</p>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <ul>
          <li>
            When you delete your account it is closed at once, and your account data is kept for{' '}
            {POLICY.accountRetentionDays} days after deletion and then erased.
          </li>
          <li>
            An online order that is not paid is deleted automatically {POLICY.unpaidOrderMinutes} minutes
            after it is placed.
          </li>
          <li>Invoices and order records are kept as long as tax and accounting laws require.</li>
        </ul>
      ),
    },
    {
      id: 'security',
      heading: 'How we protect it',
      body: (
        <p>
          We use encrypted connections, hashed passwords, HttpOnly session cookies and protection against
          cross-site request forgery, and we give staff access only to the data their work needs. No system is
          perfectly secure; if a breach affects you, we will inform you and the Data Protection Board of India
          as the DPDP Act requires.
        </p>
      ),
    },
    {
      id: 'rights',
      heading: 'Your rights',
      body: (
        <>
          <p>Under the DPDP Act you may:</p>
          <ul>
            <li>ask for a summary of the personal data we hold about you and how we use it;</li>
            <li>correct, complete or update it (most of it directly in your profile and address book);</li>
            <li>ask us to erase it, or close your account;</li>
            <li>withdraw consent you have given, for the future;</li>
            <li>nominate someone to exercise these rights on your behalf;</li>
            <li>have your grievances redressed, as below.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'grievances',
      heading: 'Grievance Officer',
      body: (
        <>
          <p>
            For any question or complaint about your personal data, contact our Grievance Officer. We answer
            every grievance within {POLICY.grievanceBusinessDays} business days. If you are not satisfied with
            our answer, you may approach the Data Protection Board of India.
          </p>
          <GrievanceOfficer contacts={contacts} />
        </>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          We will post any change on this page and, for significant changes, tell account holders by email.
          Our <Link to="/terms">Terms &amp; Conditions</Link> explain the rules of shopping with us.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title={LEGAL_TEXTS.privacyTitle}
      intro={
        <p>
          Your privacy matters to us. This policy explains what personal data we collect, why, who we share it
          with, how long we keep it, and the rights you have under Indian law.
        </p>
      }
      sections={sections}
    />
  );
}
