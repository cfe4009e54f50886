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
  cancel: 'Cancel',
  /** What a form says when the server's answer has no message of its own, or no answer came. */
  formFallback: {
    unexpected: 'Something went wrong. Please try again.',
    noResponse: 'No response from the server. Check your connection and try again.',
  },
  /** Shown on My account when the owner requires two-factor sign-in and this member has not set it up. */
  twoFactorSetupRequired:
    'The shop owner requires two-factor sign-in for all staff. Set it up below to use the rest of the back office.',
  /** The server's field errors (422) sit beside their fields; this says to look for them. */
  checkFields: 'Check the fields marked in red.',
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
