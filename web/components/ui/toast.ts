/**
 * The one way to raise a toast in this app. It comes from react-toastify's unstyled build, the same
 * build as the app's ToastContainer: the default build injects a <style> tag (blocked by our
 * Content-Security-Policy) and keeps a separate toast store, so its `toast` would never show here.
 */
export { toast } from 'react-toastify/unstyled';
