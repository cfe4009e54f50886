export default function PrivacyPolicyPage() {
  return <h1>PrivacyPolicy</h1>;
}
