import { HttpError, NoResponseError } from '../../../lib/api-client';
import { PLACE_ORDER_MESSAGES } from '../texts';

export interface PlaceOrderFailure {
  /** The SPEC.md §8 text for the modal. */
  message: string;
  /** The server said a cart price is out of date (400 PRICE_CHANGED): the cart's prices need a refresh. */
  priceChanged: boolean;
}

function codeOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  return undefined;
}

/** Maps a failed `POST /api/order` to its message; the order of the checks is documented in texts.ts. */
export function placeOrderFailure(error: unknown): PlaceOrderFailure {
  const failure = (message: string, priceChanged = false) => ({ message, priceChanged });
  if (error instanceof HttpError) {
    if (error.status === 400) {
      return failure(PLACE_ORDER_MESSAGES.invalid, codeOf(error.data) === 'PRICE_CHANGED');
    }
    if (error.status === 401) return failure(PLACE_ORDER_MESSAGES.unauthorized);
    if (error.status === 500) return failure(PLACE_ORDER_MESSAGES.serverError);
    const serverMessage = HttpError.messageOf(error.data)?.trim();
    if (serverMessage) return failure(PLACE_ORDER_MESSAGES.errorWithResponse(serverMessage));
    if (error.statusText) return failure(PLACE_ORDER_MESSAGES.unexpectedResponse(error.statusText));
    return failure(PLACE_ORDER_MESSAGES.errorWithResponse());
  }
  if (error instanceof NoResponseError) return failure(PLACE_ORDER_MESSAGES.noResponse);
  const message = error instanceof Error ? error.message : String(error);
  return failure(PLACE_ORDER_MESSAGES.otherFailure(message));
}
