import { describe, expect, it } from 'vitest';
import type { CartCandidate, CartSeller, ContactCart } from './cart';
import {
  addPublication,
  cartCount,
  EMPTY_CART,
  isInCart,
  parseCart,
  removePublication,
  removeSeller,
} from './cart';

const lucia: CartSeller = {
  _id: 'u1',
  name: 'Lucía Fernández',
  pictureUrl: '/media/lucia.webp',
  phone: '+54 9 11 0000-0001',
};
const martin: CartSeller = { _id: 'u2', name: 'Martín Gómez', pictureUrl: null, phone: '5493510000002' };

function candidate(id: string, seller = lucia): CartCandidate {
  return {
    _id: id,
    title: `Anuncio ${id}`,
    description: `Descripción ${id}`,
    typed: 'market',
    createdBy: seller,
  };
}

function fill(...candidates: CartCandidate[]): ContactCart {
  return candidates.reduce<ContactCart>((cart, item) => addPublication(cart, item) ?? cart, EMPTY_CART);
}

describe('addPublication', () => {
  it('creates the seller group when absent, with the seller and the publication fields only', () => {
    const cart = addPublication(EMPTY_CART, { ...candidate('p1'), labels: ['Vidrios'] } as CartCandidate);
    expect(cart).toEqual([
      {
        sellerId: 'u1',
        seller: lucia,
        publications: [{ _id: 'p1', title: 'Anuncio p1', description: 'Descripción p1', typed: 'market' }],
      },
    ]);
  });

  it("appends to the seller's group and keeps other sellers apart", () => {
    const cart = fill(candidate('p1'), candidate('p2', martin), candidate('p3'));
    expect(cart.map((group) => [group.sellerId, group.publications.map((item) => item._id)])).toEqual([
      ['u1', ['p1', 'p3']],
      ['u2', ['p2']],
    ]);
    expect(cartCount(cart)).toBe(3);
  });

  it('refuses a publication already in the cart (null) and leaves the cart as it was', () => {
    const cart = fill(candidate('p1'));
    expect(addPublication(cart, candidate('p1'))).toBeNull();
    expect(isInCart(cart, 'p1')).toBe(true);
    expect(isInCart(cart, 'p2')).toBe(false);
  });

  it("refreshes the seller's details with the latest publication added", () => {
    const cart = fill(candidate('p1'), candidate('p2', { ...lucia, phone: '5491100000009' }));
    expect(cart[0]?.seller.phone).toBe('5491100000009');
  });
});

describe('removePublication and removeSeller', () => {
  it("removes one item; the seller's last item removes the group", () => {
    const cart = fill(candidate('p1'), candidate('p2', martin), candidate('p3'));
    const withoutP1 = removePublication(cart, 'p1');
    expect(withoutP1.map((group) => group.publications.map((item) => item._id))).toEqual([['p3'], ['p2']]);
    expect(removePublication(withoutP1, 'p2').map((group) => group.sellerId)).toEqual(['u1']);
  });

  it("clears a whole seller's group", () => {
    const cart = fill(candidate('p1'), candidate('p2', martin), candidate('p3'));
    expect(removeSeller(cart, 'u1')).toEqual([cart[1]]);
  });
});

describe('parseCart', () => {
  it('reads back what was stored', () => {
    const cart = fill(candidate('p1'), candidate('p2', martin));
    expect(parseCart(JSON.stringify(cart))).toEqual(cart);
  });

  it('answers an empty cart for nothing, broken JSON or another shape', () => {
    for (const text of [null, '', '{', '{"sellerId":"u1"}', '42']) expect(parseCart(text)).toEqual([]);
  });

  it('drops malformed groups and items, and repeated publications', () => {
    const stored = [
      { sellerId: 'u1', seller: lucia, publications: [{ _id: 'p1', title: 'Uno' }, { title: 'sin id' }] },
      { sellerId: 'u2', seller: { name: 'sin id' }, publications: [{ _id: 'p2', title: 'Dos' }] },
      { sellerId: 'u3', seller: martin, publications: [] },
      {
        sellerId: 'u2',
        seller: martin,
        publications: [
          { _id: 'p1', title: 'Repetido' },
          { _id: 'p4', title: 'Cuatro' },
        ],
      },
    ];
    const cart = parseCart(JSON.stringify(stored));
    expect(cart.map((group) => [group.sellerId, group.publications.map((item) => item._id)])).toEqual([
      ['u1', ['p1']],
      ['u2', ['p4']],
    ]);
    expect(cart[0]?.publications[0]?.description).toBe('');
  });
});
