import type { CheckoutForm } from '@shared/billing/billing.js';
import { currentDataDomain } from '../api/dataDomain.js';

/**
 * Sends the browser to the payment page as a real form submit with exactly the checkout's fields
 * (a POST for Payroc, which signs them; a GET for the local test page). The app's own addresses
 * (starting with "/") go to the data domain, where /data calls are served.
 */
export function submitCheckoutForm(checkout: CheckoutForm, doc: Document = document, dataDomain = currentDataDomain()): void {
  const form = doc.createElement('form');
  form.method = checkout.method.toLowerCase();
  form.action = checkout.url.startsWith('/') ? `${dataDomain}${checkout.url}` : checkout.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
