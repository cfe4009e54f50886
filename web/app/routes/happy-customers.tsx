export default function HappyCustomersPage() {
  return <h1>HappyCustomers</h1>;
}
