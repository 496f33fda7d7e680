import { shopPathFor, shopSubdomainOf } from './shop-host.js';

describe('Shop host names', () => {
  it('finds the subdomain under the app host, with or without a port', () => {
    expect(shopSubdomainOf('acme.example.com', 'example.com')).toBe('acme');
    expect(shopSubdomainOf('ACME.Example.com:8443', 'example.com')).toBe('acme');
    expect(shopSubdomainOf('acme.localhost:3000', 'localhost')).toBe('acme');
  });

  it('finds none on the app host itself, another host, nested or malformed labels', () => {
    expect(shopSubdomainOf('example.com', 'example.com')).toBeNull();
    expect(shopSubdomainOf('acme.other.com', 'example.com')).toBeNull();
    expect(shopSubdomainOf('a.b.example.com', 'example.com')).toBeNull();
    expect(shopSubdomainOf('-acme.example.com', 'example.com')).toBeNull();
    expect(shopSubdomainOf('evil-example.com', 'example.com')).toBeNull();
    expect(shopSubdomainOf('[::1]:3000', 'localhost')).toBeNull();
    expect(shopSubdomainOf(undefined, 'example.com')).toBeNull();
  });

  it('sends page paths under /shop/{subdomain}, keeping the query', () => {
    expect(shopPathFor('acme', '/')).toBe('/shop/acme');
    expect(shopPathFor('acme', '/?x=1')).toBe('/shop/acme?x=1');
    expect(shopPathFor('acme', '/invitation?token=abc')).toBe('/shop/acme/invitation?token=abc');
    expect(shopPathFor('acme', '/shop/acme')).toBeNull();
    expect(shopPathFor('acme', '/shop/acme/invitation?token=abc')).toBeNull();
    expect(shopPathFor('acme', '/shop/other')).toBeNull();
  });
});
