import { PaymentSignatureError, type PaymentProvider } from '../../payments/payment-provider.ts';

/**
 * Pay on arrival, the default that needs no configuration: the guest pays the host at check-in, so
 * nothing is held, taken or sent back here. The booking shows what is due and when, and the
 * platform's fee is recorded as owed by the host (the bookings feature posts fee_on_arrival).
 */
export function createPayOnArrivalProvider(): PaymentProvider {
  return {
    method: 'on_arrival',
    startCheckout: async () => null,
    checkoutUrl: async () => null,
    capture: async () => undefined,
    release: async () => undefined,
    refund: async () => undefined,
    readEvent() {
      throw new PaymentSignatureError('Card payments are not configured');
    },
  };
}
