/**
 * Who the demo shopper is. Kept apart from the seeding code (orders-seed.ts) so the browser journeys
 * can import the credentials without loading the server.
 */

/**
 * The demo shop's shopper, with a known password so anyone trying the demo (and the browser journeys)
 * can sign in and find orders, returns and the archive filled. Created only with SEED=demo outside
 * production (docs/decisions/008), never in a real shop's data.
 */
export const DEMO_SHOPPER = {
  name: 'Priya Sharma',
  email: 'shopper@pehnava.test',
  password: 'Pehnava#Demo2026',
} as const;

/** The demo shopper's one (default) delivery address, as the address form would send it. */
export const DEMO_ADDRESS = {
  name: DEMO_SHOPPER.name,
  phone: '9820012345',
  addressLine1: 'Flat 402, Gulmohar Apartments',
  addressLine2: '18 Hill Road, Bandra West',
  addressLine3: '',
  pincode: '400050',
  district: 'Mumbai',
  state: 'Maharashtra',
  country: 'India',
};
