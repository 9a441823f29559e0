import type { Order, SellerAccount } from '@eco/domain';
import { apiRequest } from '../../lib/api-client';

export type SellerAuthorization = {
  authorizationUrl: string;
  marketplaceRandomValidationId: string;
  marketplaceRedirectURI: string;
};

export function startSellerAuthorization(): Promise<SellerAuthorization> {
  return apiRequest<SellerAuthorization>('/api/seller/authorization');
}

export function sendSellerCredentials(code: string, state: string, redirectUri: string) {
  return apiRequest<{ sellerAccount: SellerAccount }>('/api/seller/credentials', {
    method: 'POST',
    body: {
      marketplaceSellerAuthorizationCode: code,
      marketplaceRandomValidationId: state,
      marketplaceRedirectURI: redirectUri,
    },
  });
}

export function disconnectSeller(): Promise<void> {
  return apiRequest<void>('/api/seller/credentials', { method: 'DELETE' });
}

export function createOrder(publicationId: string, quantity: number) {
  return apiRequest<{ order: Order; checkoutUrl: string }>('/api/orders', {
    method: 'POST',
    body: { publicationId, quantity },
  });
}
