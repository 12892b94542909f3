import { submitCheckoutForm } from './submitCheckoutForm.js';

interface FakeElement {
  tag: string;
  children: FakeElement[];
  submitted: boolean;
  [key: string]: unknown;
}

/** Just enough of a document to watch the form being built and submitted. */
function fakeDocument() {
  const body: FakeElement = { tag: 'body', children: [], submitted: false };
  const element = (tag: string): FakeElement => {
    const node: FakeElement = {
      tag,
      children: [],
      submitted: false,
      appendChild: (child: FakeElement) => node.children.push(child),
      submit: () => (node.submitted = true),
    };
    return node;
  };
  body.appendChild = (child: FakeElement) => body.children.push(child);
  return { body, createElement: element } as unknown as Document & { body: FakeElement };
}

describe('sending the browser to the payment page', () => {
  it("POSTs exactly the checkout's fields to the provider's own address", () => {
    const doc = fakeDocument();
    submitCheckoutForm(
      {
        method: 'POST',
        url: 'https://payments.uat.payroc.com/merchant/paymentpage',
        fields: { TERMINALID: '3204004', ORDERID: 'abc', HASH: 'x<y>"z' },
      },
      doc,
      'https://data.example.test',
    );
    const [form] = (doc.body as unknown as FakeElement).children;
    expect(form).toMatchObject({
      tag: 'form',
      method: 'post',
      action: 'https://payments.uat.payroc.com/merchant/paymentpage',
      submitted: true,
    });
    expect(form.children.map(({ type, name, value }) => ({ type, name, value }))).toEqual([
      { type: 'hidden', name: 'TERMINALID', value: '3204004' },
      { type: 'hidden', name: 'ORDERID', value: 'abc' },
      { type: 'hidden', name: 'HASH', value: 'x<y>"z' },
    ]);
  });

  it("sends the app's own test page through the data domain, as a GET", () => {
    const doc = fakeDocument();
    submitCheckoutForm(
      { method: 'GET', url: '/data/payment/local/checkout', fields: { order: 'o', token: 't' } },
      doc,
      'https://data.example.test',
    );
    const [form] = (doc.body as unknown as FakeElement).children;
    expect(form).toMatchObject({
      method: 'get',
      action: 'https://data.example.test/data/payment/local/checkout',
      submitted: true,
    });
  });
});
