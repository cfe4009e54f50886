/** Paths of the account calls (DESIGN.md §5, SPEC.md §7). */
export const USERS_API = {
  register: '/api/users/register',
  login: '/api/users/login',
  logout: '/api/users/logout',
  checkAuth: '/api/users/check-auth',
  profile: '/api/users/profile',
  changePassword: '/api/users/change-password',
  me: '/api/users/me',
  updateLastReminder: '/api/users/update-last-reminder',
  phoneSendOtp: '/api/users/phone/send-otp',
  phoneVerify: '/api/users/phone/verify',
  forgotPassword: '/api/users/forgot-password',
  verifyOtp: '/api/users/verify-otp',
  resetPassword: '/api/users/reset-password',
} as const;
