import { randomUUID } from 'node:crypto';
import { DAY, HOUR } from '../../../common/constants';
import { toPaise } from '../../../common/money';
import { orderTotals, type PricingRules } from '../../../common/order-pricing';
import { roundRating, shortName } from '../../../common/schemas/reviews';
import { orderHistory, orderItems, orders } from '../../modules/order/order.schema';
import { newOrderNumber } from '../../modules/order/order-number';
import { reviewVotes } from '../../modules/reviews/reviews.schema';
import { users } from '../../modules/users/users.schema';
import type { Db } from '../client';
import { imageOfColor, type ProductInput } from '../factories/product.factory';
import { insertReviews } from '../factories/review.factory';
import { slugify } from './demo-catalog';
import { createRng, type Rng } from './random';

/**
 * The demo shop's reviews: shoppers who cannot sign in, their delivered orders, and approved
 * reviews (some with photos) of 120 products, so ratings and the Happy Customers wall show from
 * the first start. Everything comes from a seeded PRNG, so every machine gets the same reviews; only
 * dates move with `now`. The photos are drawn by reviews-photos.ts, after the shop listens.
 */

/** Demo reviewers: no password (an erased-account state), so nobody can sign in as them. */
const REVIEWERS: { name: string; district: string; state: string; pincode: string }[] = [
  { name: 'Aarav Sharma', district: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  { name: 'Priya Nair', district: 'Ernakulam', state: 'Kerala', pincode: '682011' },
  { name: 'Rohan Mehta', district: 'Ahmedabad', state: 'Gujarat', pincode: '380009' },
  { name: 'Ananya Iyer', district: 'Chennai', state: 'Tamil Nadu', pincode: '600020' },
  { name: 'Vikram Singh', district: 'Lucknow', state: 'Uttar Pradesh', pincode: '226001' },
  { name: 'Kavya Reddy', district: 'Hyderabad', state: 'Telangana', pincode: '500034' },
  { name: 'Arjun Menon', district: 'Thiruvananthapuram', state: 'Kerala', pincode: '695003' },
  { name: 'Sneha Patil', district: 'Pune', state: 'Maharashtra', pincode: '411004' },
  { name: 'Rahul Gupta', district: 'New Delhi', state: 'Delhi', pincode: '110017' },
  { name: 'Meera Krishnan', district: 'Bengaluru Urban', state: 'Karnataka', pincode: '560041' },
  { name: 'Aditya Joshi', district: 'Indore', state: 'Madhya Pradesh', pincode: '452001' },
  { name: 'Pooja Desai', district: 'Surat', state: 'Gujarat', pincode: '395007' },
  { name: 'Karan Malhotra', district: 'Ludhiana', state: 'Punjab', pincode: '141001' },
  { name: 'Divya Pillai', district: 'Kollam', state: 'Kerala', pincode: '691001' },
  { name: 'Siddharth Rao', district: 'Mysuru', state: 'Karnataka', pincode: '570009' },
  { name: 'Neha Agarwal', district: 'Kolkata', state: 'West Bengal', pincode: '700019' },
  { name: 'Manish Yadav', district: 'Patna', state: 'Bihar', pincode: '800001' },
  { name: 'Lakshmi Subramanian', district: 'Coimbatore', state: 'Tamil Nadu', pincode: '641002' },
  { name: 'Imran Qureshi', district: 'Bhopal', state: 'Madhya Pradesh', pincode: '462001' },
  { name: 'Fatima Sheikh', district: 'Mumbai Suburban', state: 'Maharashtra', pincode: '400050' },
  { name: 'Harpreet Kaur', district: 'Amritsar', state: 'Punjab', pincode: '143001' },
  { name: 'Ritu Bansal', district: 'Gurugram', state: 'Haryana', pincode: '122001' },
  { name: 'Sanjay Chatterjee', district: 'Howrah', state: 'West Bengal', pincode: '711101' },
  { name: 'Ishita Banerjee', district: 'Kolkata', state: 'West Bengal', pincode: '700029' },
  { name: 'Tenzin Norbu', district: 'Gangtok', state: 'Sikkim', pincode: '737101' },
  { name: 'Anjali Verma', district: 'Dehradun', state: 'Uttarakhand', pincode: '248001' },
  { name: 'Deepak Nambiar', district: 'Kozhikode', state: 'Kerala', pincode: '673001' },
  { name: 'Shalini Mishra', district: 'Varanasi', state: 'Uttar Pradesh', pincode: '221005' },
  { name: 'Farhan Khan', district: 'Hyderabad', state: 'Telangana', pincode: '500028' },
  { name: 'Nandini Hegde', district: 'Udupi', state: 'Karnataka', pincode: '576101' },
  { name: 'Joseph Thomas', district: 'Kottayam', state: 'Kerala', pincode: '686001' },
  { name: 'Gaurav Kulkarni', district: 'Nagpur', state: 'Maharashtra', pincode: '440010' },
];

/** Products that get reviews, and reviews with a photo among them (three pages of the wall). */
const REVIEWED_PRODUCTS = 120;
const PHOTO_REVIEWS = 36;
/** A product needs this long on sale before a review of it can be dated after its delivery. */
const MIN_PRODUCT_AGE_DAYS = 14;

type Mood = 'love' | 'like' | 'meh' | 'dislike';
const moodOf = (rating: number): Mood =>
  rating === 5 ? 'love' : rating === 4 ? 'like' : rating === 3 ? 'meh' : 'dislike';

type Group =
  | 'sized'
  | 'drape'
  | 'footwear'
  | 'bags'
  | 'jewellery'
  | 'watches'
  | 'toys'
  | 'home'
  | 'kitchen'
  | 'gifts';

/** What a reviewer would talk about: how clothes fit, how a saree drapes, how a pan cooks… */
function groupOf(product: Pick<ProductInput, 'category' | 'subCategory'>, size: string): Group {
  if (product.subCategory === 'Footwear' || product.category === 'Footwear') return 'footwear';
  if (product.category === 'Clothing') return size === 'Free Size' ? 'drape' : 'sized';
  if (product.category === 'Accessories') {
    if (['Bags', 'Wallets'].includes(product.subCategory)) return 'bags';
    if (product.subCategory === 'Watches') return 'watches';
    return product.subCategory === 'Stoles' ? 'drape' : 'jewellery';
  }
  const byCategory: Record<string, Group> = {
    Toys: 'toys',
    'Home Decor': 'home',
    Kitchenware: 'kitchen',
  };
  return byCategory[product.category] ?? 'gifts';
}

const WEARABLE: readonly Group[] = ['sized', 'drape', 'footwear', 'jewellery', 'watches'];

const TITLES: Record<Mood, string[]> = {
  love: [
    'Absolutely love it',
    'Worth every rupee',
    'Better than I expected',
    'Exactly as shown',
    'Beautiful {type}',
    'Perfect for the festive season',
    'Will order again',
    'Superb quality',
  ],
  like: [
    'Good quality for the price',
    'Happy with the purchase',
    'Nice {type}, small niggles',
    'Pretty, as described',
    'Good buy',
    'Lovely colour',
  ],
  meh: ['Decent, not great', 'Okay for the price', 'Average quality', 'Mixed feelings'],
  dislike: ['Not what I expected', 'Quality could be better', 'Disappointed', 'Colour looks different'],
};

/** Openers for anything, and more for things one wears. */
const OPENERS: Record<Mood, { any: string[]; worn: string[] }> = {
  love: {
    any: [
      'Exactly like the pictures, maybe even nicer.',
      'Really happy with this purchase.',
      'Gifted it to my mother and she loved it.',
      'The quality surprised me at this price.',
    ],
    worn: [
      'Wore it to a family wedding and it was a hit.',
      'Wore it for Diwali and got so many compliments.',
    ],
  },
  like: {
    any: [
      'Nice {type}, pretty much as described.',
      'Good value overall.',
      'I like it, though it took a day longer to arrive.',
      'Looks good and feels well made.',
    ],
    worn: [],
  },
  meh: {
    any: [
      'It is fine for the price, nothing special.',
      'The colour is a shade darker than on my screen.',
      'Decent, but I expected a little more.',
    ],
    worn: [],
  },
  dislike: {
    any: [
      'Not quite what I hoped for.',
      'The colour looked quite different from the photos.',
      'I had high hopes for this {type}.',
    ],
    worn: [],
  },
};

const DETAILS: Record<Group, Record<'good' | 'bad', string[]>> = {
  sized: {
    good: [
      'The fabric is soft and breathable, just right for our weather.',
      'Stitching is neat and the colour has not faded after three washes.',
      'Ordered {size} and it fits just right.',
      'Comfortable enough to wear all day at a function.',
    ],
    bad: [
      'The material feels thinner than I expected.',
      'The {size} runs a little small, so order one size up.',
      'A few loose threads at the hem.',
    ],
  },
  drape: {
    good: [
      'Drapes beautifully and falls well.',
      'The border is even richer than in the photos.',
      'Light enough to wear all day.',
    ],
    bad: ['The fabric creases very easily.', 'The colour bled a little in the first wash.'],
  },
  footwear: {
    good: [
      'Comfortable from the first day, no bite at the heel.',
      'The sole grips well and the stitching looks strong.',
      'Light on the feet and goes with both kurtas and jeans.',
    ],
    bad: ['Hurt a little for the first few days.', 'The sole is harder than it looks.'],
  },
  bags: {
    good: [
      'Plenty of room inside and the zip runs smoothly.',
      'The stitching is strong and it still looks new after months of daily use.',
    ],
    bad: ['The strap started to fray within a month.', 'Smaller than it looks in the photos.'],
  },
  jewellery: {
    good: [
      'Looks elegant and feels sturdy.',
      'Light to wear and did not irritate my skin.',
      'Goes with ethnic and western outfits alike.',
    ],
    bad: ['The polish wore off at one corner within a month.', 'Smaller than it looks in the photos.'],
  },
  watches: {
    good: ['Keeps good time and the strap is comfortable.', 'Looks far more expensive than it is.'],
    bad: ['The strap feels cheap.', 'The glass scratches easily.'],
  },
  toys: {
    good: [
      'My little one plays with it every single day.',
      'Smooth edges and bright colours, safe for little hands.',
      'Kept the kids busy for hours, no screens needed.',
    ],
    bad: ['One piece was chipped when it arrived.', 'The kids lost interest quickly.'],
  },
  home: {
    good: [
      'It brightened up our living room.',
      'Looks handmade in the best way, every piece a little different.',
      'Guests keep asking where we bought it.',
    ],
    bad: ['Smaller than I imagined from the photos.', 'The paint has small smudges.'],
  },
  kitchen: {
    good: [
      'Heats evenly and is easy to clean.',
      'Sturdy and good for everyday cooking.',
      'Looks beautiful on the dining table.',
    ],
    bad: ['The handle gets hot quickly.', 'The coating started to wear after a few weeks.'],
  },
  gifts: {
    good: [
      'Packed beautifully, ready to give.',
      'Made a thoughtful Diwali gift for my colleagues.',
      'Everything inside was fresh and well packed.',
    ],
    bad: ['The box was dented when it arrived.', 'Less inside than the photos suggest.'],
  },
};

const CLOSERS: Record<Mood, string[]> = {
  love: [
    'Delivery was on time and the packaging was neat.',
    'Would happily buy again.',
    'Highly recommended.',
    'Value for money.',
  ],
  like: ['Would recommend.', 'Delivery was quick.', 'Happy overall.'],
  meh: ['Might still buy again in a sale.', 'Okay overall.'],
  dislike: ['Not ordering this one again.', 'Expected better for the price.'],
};

/** One planned review: who wrote it about which product, and when the order behind it happened. */
export interface PlannedReview {
  /** Index into the catalog. */
  product: number;
  /** Index into the reviewers. */
  reviewer: number;
  color: string;
  size: string;
  rating: number;
  title: string;
  comment: string;
  /** Storage key stem of the photo (`reviews/demo-…`), or null. */
  photo: string | null;
  /** Days before `now` the order was placed, delivered and reviewed. */
  placedDaysAgo: number;
  deliveredDaysAgo: number;
  reviewedDaysAgo: number;
  /** Reviewers who marked it helpful. */
  voters: number[];
}

export interface DemoReviewPlan {
  reviewers: typeof REVIEWERS;
  reviews: PlannedReview[];
}

const fill = (text: string, product: ProductInput, size = '') =>
  text.replaceAll('{type}', product.type.toLowerCase()).replaceAll('{size}', size);

/** A rating around the product's own quality: most near it, some a star or two lower, few higher. */
function ratingNear(rng: Rng, quality: number): number {
  const roll = rng.next();
  const offset = roll < 0.55 ? 0 : roll < 0.8 ? -1 : roll < 0.92 ? 1 : -2;
  return Math.min(5, Math.max(1, Math.round(quality) + offset));
}

function writeComment(rng: Rng, product: ProductInput, size: string, mood: Mood): string {
  const group = groupOf(product, size);
  const openers = OPENERS[mood];
  const details = DETAILS[group][mood === 'love' || mood === 'like' ? 'good' : 'bad'];
  const opener = rng.pick(WEARABLE.includes(group) ? [...openers.any, ...openers.worn] : openers.any);
  const sentences = [opener, ...rng.shuffle(details).slice(0, rng.int(1, 2))];
  if (rng.chance(0.7)) sentences.push(rng.pick(CLOSERS[mood]));
  return fill(sentences.join(' '), product, size);
}

/**
 * The demo reviews for a catalog built at `now`: 120 products, the best sellers more often and
 * with more reviews, each reviewed by distinct reviewers after a delivered order of it.
 */
export function planDemoReviews(catalog: ProductInput[], now: Date = new Date()): DemoReviewPlan {
  const rng = createRng('pehnava demo reviews');
  const ageDays = (p: ProductInput) => (now.getTime() - (p.createdAt?.getTime() ?? now.getTime())) / DAY;
  const chosen = catalog
    .map((product, index) => ({ product, index }))
    .filter(({ product }) => ageDays(product) >= MIN_PRODUCT_AGE_DAYS)
    // Best sellers are reviewed more often; the random part lets quieter products in too.
    .map((entry) => ({ ...entry, weight: (entry.product.soldCount ?? 0) + rng.next() * 250 }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, REVIEWED_PRODUCTS);

  const planned: PlannedReview[] = [];
  for (const { product, index } of chosen) {
    const item = createRng(`review|${product.name}`);
    const count = Math.min(7, 1 + Math.floor(Math.sqrt(product.soldCount ?? 0) / 6) + item.int(0, 2));
    const quality = 3.5 + item.next() * 1.5;
    const age = ageDays(product);
    for (const reviewer of item.shuffle(REVIEWERS.map((_, i) => i)).slice(0, count)) {
      const variant = item.pick(product.variants);
      const rating = ratingNear(item, quality);
      const mood = moodOf(rating);
      const placedDaysAgo = 12 + item.next() * (age - 13);
      const deliveredDaysAgo = placedDaysAgo - item.int(3, 7);
      const reviewedDaysAgo = Math.max(0.2, deliveredDaysAgo - item.int(1, 5) - item.next());
      const others = REVIEWERS.map((_, i) => i).filter((i) => i !== reviewer);
      planned.push({
        product: index,
        reviewer,
        color: variant.color,
        size: variant.size,
        rating,
        title: fill(item.pick(TITLES[mood]), product),
        comment: writeComment(item, product, variant.size, mood),
        photo: null,
        placedDaysAgo,
        deliveredDaysAgo,
        reviewedDaysAgo,
        voters: item.shuffle(others).slice(0, Math.floor(item.next() ** 3 * 9)),
      });
    }
  }

  // Photos go with happy reviews, one per product, so the wall shows many different things.
  const photoProducts = new Set<number>();
  for (const review of rng.shuffle(planned)) {
    if (photoProducts.size === PHOTO_REVIEWS) break;
    if (review.rating < 4 || photoProducts.has(review.product)) continue;
    photoProducts.add(review.product);
    const name = catalog[review.product]?.name ?? 'product';
    review.photo = `reviews/demo-${slugify(name).slice(0, 60)}-${review.reviewer + 1}`;
  }
  return { reviewers: REVIEWERS, reviews: planned };
}

/** The catalog with each product's rating and review count taken from its planned reviews. */
export function withDemoRatings(catalog: ProductInput[], plan: DemoReviewPlan): ProductInput[] {
  return catalog.map((product, index) => {
    const ratings = plan.reviews.filter((r) => r.product === index).map((r) => r.rating);
    if (ratings.length === 0) return product;
    const average = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
    return { ...product, rating: roundRating(average), numReviews: ratings.length };
  });
}

/** The size a demo photo is drawn at: portrait, square or landscape, as phones take them. */
export function demoPhotoShape(stem: string): { width: number; height: number } {
  return createRng(stem).pick([
    { width: 960, height: 1200 },
    { width: 960, height: 1200 },
    { width: 1080, height: 1080 },
    { width: 1200, height: 900 },
  ]);
}

const at = (now: Date, daysAgo: number) => new Date(now.getTime() - Math.round(daysAgo * DAY));

/**
 * Stores the reviewers, one delivered cash-on-delivery order per review, and the approved reviews with
 * their helpful votes, in a few bulk statements (the shop should listen within a second or two of a
 * first start). `productIds` are the stored ids of `catalog`, in the same order. The order history has
 * no mail due, so the order-mail job never writes to these shoppers.
 */
export async function insertDemoReviews(
  db: Db,
  {
    catalog,
    productIds,
    plan,
    pricing,
    now = new Date(),
  }: {
    catalog: ProductInput[];
    productIds: string[];
    plan: DemoReviewPlan;
    pricing: PricingRules;
    now?: Date;
  },
): Promise<number> {
  if (plan.reviews.length === 0) return 0;
  const userRows = await db
    .insert(users)
    .values(
      plan.reviewers.map((r) => ({
        name: r.name,
        email: `${slugify(r.name).replaceAll('-', '.')}@reviewers.demo.invalid`,
        passwordHash: null,
        createdAt: at(now, 200),
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  // Another instance seeding at the same moment is kept out by the seed lock; a rerun finds them all.
  if (userRows.length !== plan.reviewers.length) return 0;
  const userIds = userRows.map((u) => u.id);

  const numbers = new Set<string>();
  const orderRows = plan.reviews.map((review) => {
    const product = catalog[review.product] as ProductInput;
    const reviewer = plan.reviewers[review.reviewer] as (typeof REVIEWERS)[number];
    const placedAt = at(now, review.placedDaysAgo);
    let orderNumber = newOrderNumber(placedAt);
    while (numbers.has(orderNumber)) orderNumber = newOrderNumber(placedAt);
    numbers.add(orderNumber);
    const totals = orderTotals([{ pricePaise: toPaise(product.price), quantity: 1 }], pricing);
    return {
      id: randomUUID(),
      orderNumber,
      userId: userIds[review.reviewer] as string,
      address: {
        _id: randomUUID(),
        name: reviewer.name,
        phone: `98${String(10_000_000 + review.reviewer * 7_654_321).slice(-8)}`,
        addressLine1: `${review.reviewer + 11}, ${reviewer.district} Main Road`,
        addressLine2: '',
        addressLine3: '',
        pincode: reviewer.pincode,
        district: reviewer.district,
        state: reviewer.state,
        country: 'India',
      },
      itemsPricePaise: totals.itemsPaise,
      shippingPricePaise: totals.shippingPaise,
      taxPricePaise: totals.taxPaise,
      discountPaise: totals.discountPaise,
      totalPricePaise: totals.totalPaise,
      paymentMode: 'COD' as const,
      paymentStatus: 'Paid' as const,
      deliveryStatus: 'Delivered' as const,
      orderNotes: '',
      createdAt: placedAt,
    };
  });
  await db.insert(orders).values(orderRows);
  await db.insert(orderItems).values(
    plan.reviews.map((review, i) => {
      const product = catalog[review.product] as ProductInput;
      return {
        orderId: orderRows[i]?.id as string,
        position: 0,
        productId: productIds[review.product] as string,
        name: product.name,
        image: imageOfColor(product, review.color),
        color: review.color,
        size: review.size,
        quantity: 1,
        pricePaise: toPaise(product.price),
        isRefundable: product.isRefundable,
      };
    }),
  );
  await db.insert(orderHistory).values(
    plan.reviews.flatMap((review, i) => {
      const orderId = orderRows[i]?.id as string;
      const placedAt = at(now, review.placedDaysAgo);
      return [
        {
          orderId,
          deliveryStatus: 'Pending' as const,
          paymentStatus: 'Pending' as const,
          actor: 'customer' as const,
          actorUserId: userIds[review.reviewer] as string,
          note: 'Order placed (cash on delivery).',
          at: placedAt,
        },
        {
          orderId,
          deliveryStatus: 'Delivered' as const,
          paymentStatus: 'Paid' as const,
          actor: 'system' as const,
          actorUserId: null,
          note: 'Delivered; cash collected.',
          at: new Date(at(now, review.deliveredDaysAgo).getTime() + 11 * HOUR),
        },
      ];
    }),
  );

  const reviewIds = await insertReviews(
    db,
    plan.reviews.map((review) => ({
      productId: productIds[review.product] as string,
      userId: userIds[review.reviewer] as string,
      authorName: shortName((plan.reviewers[review.reviewer] as (typeof REVIEWERS)[number]).name),
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      photo: review.photo ? { key: review.photo, ...demoPhotoShape(review.photo) } : null,
      status: 'approved',
      helpfulCount: review.voters.length,
      createdAt: at(now, review.reviewedDaysAgo),
    })),
  );
  const votes = plan.reviews.flatMap((review, i) =>
    review.voters.map((voter) => ({
      reviewId: reviewIds[i] as string,
      userId: userIds[voter] as string,
      createdAt: at(now, Math.max(0, review.reviewedDaysAgo - 1)),
    })),
  );
  if (votes.length > 0) await db.insert(reviewVotes).values(votes);
  return reviewIds.length;
}
