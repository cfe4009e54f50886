import { ToastContainer } from 'react-toastify/unstyled';
// The unstyled build does not inject a <style> tag (our CSP forbids inline styles); Vite bundles this
// file into the app's stylesheet instead.
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '../../../common/constants';

/** The toast area (SPEC.md §9): top-right, closes after 5 s, pauses on hover, dragged away at 80 %. */
export function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      // react-toastify counts this in percent of the toast's width.
      draggablePercent={TOAST_DRAG_PERCENT * 100}
    />
  );
}
