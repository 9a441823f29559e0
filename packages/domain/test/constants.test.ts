import { describe, expect, it } from 'vitest';
import * as domain from '../src/index.ts';

describe('constants of section 9', () => {
  it('have the values of the specification', () => {
    expect({
      SESSION_LIFETIME_MS: domain.SESSION_LIFETIME_MS,
      SIGN_OUT_DELAY_MS: domain.SIGN_OUT_DELAY_MS,
      DEFAULT_PAGE: domain.DEFAULT_PAGE,
      DEFAULT_PAGE_SIZE: domain.DEFAULT_PAGE_SIZE,
      MAX_PAGE_SIZE: domain.MAX_PAGE_SIZE,
      NOTICE_MS: domain.NOTICE_MS,
      ERROR_NOTICE_MS: domain.ERROR_NOTICE_MS,
      FORM_NOTICE_MS: domain.FORM_NOTICE_MS,
      WARNING_NOTICE_MS: domain.WARNING_NOTICE_MS,
      SHORT_NOTICE_MS: domain.SHORT_NOTICE_MS,
      SESSION_EXPIRED_REDIRECT_MS: domain.SESSION_EXPIRED_REDIRECT_MS,
      NOTIFICATION_AUTO_READ_MS: domain.NOTIFICATION_AUTO_READ_MS,
      CART_ANIMATION_MS: domain.CART_ANIMATION_MS,
      MOBILE_BREAKPOINT_PX: domain.MOBILE_BREAKPOINT_PX,
      DIALOG_WIDTH: domain.DIALOG_WIDTH,
      TOP_BAR_NAME_LENGTH: domain.TOP_BAR_NAME_LENGTH,
      CARD_TITLE_LENGTH: domain.CARD_TITLE_LENGTH,
      CARD_DESCRIPTION_LENGTH: domain.CARD_DESCRIPTION_LENGTH,
      CART_DESCRIPTION_LENGTH: domain.CART_DESCRIPTION_LENGTH,
      TIP_TITLE_LENGTH: domain.TIP_TITLE_LENGTH,
      MINUTES_STEP: domain.MINUTES_STEP,
      CURRENCY_DISPLAY: domain.CURRENCY_DISPLAY,
      DATE_DISPLAY_FORMAT: domain.DATE_DISPLAY_FORMAT,
      PUBLISHED_STATUS: domain.PUBLISHED_STATUS,
      SESSION_COOKIE_NAME: domain.SESSION_COOKIE_NAME,
    }).toEqual({
      SESSION_LIFETIME_MS: 3_600_000,
      SIGN_OUT_DELAY_MS: 1000,
      DEFAULT_PAGE: 1,
      DEFAULT_PAGE_SIZE: 6,
      MAX_PAGE_SIZE: 60,
      NOTICE_MS: 3000,
      ERROR_NOTICE_MS: 4500,
      FORM_NOTICE_MS: 1999,
      WARNING_NOTICE_MS: 999,
      SHORT_NOTICE_MS: 639,
      SESSION_EXPIRED_REDIRECT_MS: 4599,
      NOTIFICATION_AUTO_READ_MS: 666,
      CART_ANIMATION_MS: 999,
      MOBILE_BREAKPOINT_PX: 630,
      DIALOG_WIDTH: { filter: 333, information: 450, notification: 450, cart: 360 },
      TOP_BAR_NAME_LENGTH: 6,
      CARD_TITLE_LENGTH: 18,
      CARD_DESCRIPTION_LENGTH: 33,
      CART_DESCRIPTION_LENGTH: 75,
      TIP_TITLE_LENGTH: 36,
      MINUTES_STEP: 5,
      CURRENCY_DISPLAY: '$AR',
      DATE_DISPLAY_FORMAT: 'DD/MM/YYYY HH:mm',
      PUBLISHED_STATUS: 1,
      SESSION_COOKIE_NAME: 'eco_session',
    });
  });

  it('have the length limits of the specification', () => {
    expect(domain.LIMITS).toEqual({
      publicationTitle: { min: 3, max: 75 },
      publicationDescription: { min: 6, max: 1000 },
      publicationAddress: { min: 6, max: 333 },
      signInPassword: { min: 6, max: 18 },
      signUpPassword: { min: 6, max: 21 },
      newPassword: { min: 6, max: 18 },
      name: { min: 3, max: 33 },
      profileAddress: { min: 3, max: 300 },
      profilePhone: { min: 9, max: 300 },
      paymentDetails: { min: 6, max: 540 },
      ratingComment: { min: 6, max: 300 },
      reportComment: { min: 6, max: 300 },
      botMessage: { min: 1, max: 500 },
    });
  });

  it('offer the hours 00 to 23 and the minutes in steps of 5', () => {
    expect(domain.HOURS).toHaveLength(24);
    expect(domain.HOURS[0]).toBe('00');
    expect(domain.HOURS[9]).toBe('09');
    expect(domain.HOURS[23]).toBe('23');
    expect(domain.MINUTES).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
  });

  it('name the product', () => {
    expect(domain.APP_NAME).toBe('EcoAnuncios');
    expect(domain.APP_SLOGAN).toBe('Un lugar para mejorar el mundo');
    expect(domain.APP_TITLE).toBe('EcoAnuncios | Un lugar para mejorar el mundo');
  });

  it('have a default contact phone made of digits only', () => {
    expect(domain.DEFAULT_CONTACT_PHONE).toMatch(/^\d{10,15}$/);
  });
});
