import { relations } from "drizzle-orm";
import { categories, productImages, products, productUnits } from "./catalog.js";
import { chats, messages } from "./chats.js";
import { deals, disputes, reviews } from "./deals.js";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "./ledger.js";
import { users } from "./users.js";

/** Relations for `db.query` reads with nested rows (a product with its images, a deal with its dispute). */

export const usersRelations = relations(users, ({ many }) => ({
  products: many(products),
}));

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  parent: one(categories, {
    fields: [categories.parentId],
    references: [categories.id],
    relationName: "category_parent",
  }),
  children: many(categories, { relationName: "category_parent" }),
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  seller: one(users, { fields: [products.sellerId], references: [users.id] }),
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  images: many(productImages),
  units: many(productUnits),
}));

export const productUnitsRelations = relations(productUnits, ({ one }) => ({
  product: one(products, { fields: [productUnits.productId], references: [products.id] }),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const chatsRelations = relations(chats, ({ one, many }) => ({
  product: one(products, { fields: [chats.productId], references: [products.id] }),
  buyer: one(users, { fields: [chats.buyerId], references: [users.id], relationName: "chat_buyer" }),
  seller: one(users, { fields: [chats.sellerId], references: [users.id], relationName: "chat_seller" }),
  messages: many(messages),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  chat: one(chats, { fields: [messages.chatId], references: [chats.id] }),
  sender: one(users, { fields: [messages.senderId], references: [users.id] }),
}));

export const dealsRelations = relations(deals, ({ one }) => ({
  product: one(products, { fields: [deals.productId], references: [products.id] }),
  buyer: one(users, { fields: [deals.buyerId], references: [users.id], relationName: "deal_buyer" }),
  seller: one(users, { fields: [deals.sellerId], references: [users.id], relationName: "deal_seller" }),
  chat: one(chats, { fields: [deals.chatId], references: [chats.id] }),
  dispute: one(disputes),
  review: one(reviews),
}));

export const disputesRelations = relations(disputes, ({ one }) => ({
  deal: one(deals, { fields: [disputes.dealId], references: [deals.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  deal: one(deals, { fields: [reviews.dealId], references: [deals.id] }),
  author: one(users, { fields: [reviews.authorId], references: [users.id], relationName: "review_author" }),
  seller: one(users, { fields: [reviews.sellerId], references: [users.id], relationName: "review_seller" }),
}));

export const ledgerTransactionsRelations = relations(ledgerTransactions, ({ many }) => ({
  entries: many(ledgerEntries),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  transaction: one(ledgerTransactions, { fields: [ledgerEntries.transactionId], references: [ledgerTransactions.id] }),
  account: one(ledgerAccounts, { fields: [ledgerEntries.accountId], references: [ledgerAccounts.id] }),
}));
