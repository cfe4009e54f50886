/** Every text of the back office's frame and shared pieces; each screen keeps its own beside it. */
export const ADMIN_TEXTS = {
  title: 'Pehnava back office',
  loading: 'Loading…',
  staffOnly: 'This area is for shop staff only.',
  backToShop: 'Back to the shop',
  signOut: 'Sign out',
  more: 'More',
  navigation: 'Back office',
  retry: 'Try again',
  failed: 'Could not load this. Check your connection and try again.',
  empty: 'Nothing here yet.',
  signIn: {
    title: 'Staff sign-in',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    code: 'Code from your authenticator app',
    codeHint: 'Six digits; a new one every 30 seconds.',
    verify: 'Verify',
  },
} as const;
