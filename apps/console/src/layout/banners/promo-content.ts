/** The promotional banner's regions (spec 1). */
export type PromoRegion = 'northAmerica' | 'uk' | 'europe' | 'default';

/** What the banner promotes in one region (spec 1: heading, subheading, product code, country, order button label). */
export interface PromoContent {
  heading: string;
  subheading: string;
  /** The catalogue product the order button orders. */
  productCode: string;
  /** ISO 3166-1 alpha-2 code of the country the product is sold in. */
  country: string;
  orderButtonLabel: string;
}

export const promoContent: Readonly<Record<PromoRegion, PromoContent>> = {
  northAmerica: {
    heading: 'Amazon.com gift cards, delivered in minutes',
    subheading:
      'Thank employees and customers in the United States with the reward they use most. Send one or thousands, by email or by link.',
    productCode: 'AMAZON-COM-US',
    country: 'US',
    orderButtonLabel: 'Order Amazon.com gift cards',
  },
  uk: {
    heading: 'Amazon.co.uk gift cards for your UK recipients',
    subheading:
      'Pay from your GBP balance and deliver by email or by link, one at a time or in bulk from a spreadsheet.',
    productCode: 'AMAZON-CO-UK-GB',
    country: 'GB',
    orderButtonLabel: 'Order Amazon.co.uk gift cards',
  },
  europe: {
    heading: 'Amazon.de gift cards, paid in euros',
    subheading:
      'Reward recipients in Germany from your EUR balance, delivered by email or by link in minutes.',
    productCode: 'AMAZON-DE-DE',
    country: 'DE',
    orderButtonLabel: 'Order Amazon.de gift cards',
  },
  default: {
    heading: 'Let every recipient choose their reward',
    subheading:
      'A choice card lets each recipient pick a gift card from hundreds of brands, so every reward fits.',
    productCode: 'CHOICE-CARD-US',
    country: 'US',
    orderButtonLabel: 'Order choice cards',
  },
};
