/**
 * The root of every cached product read (listings, a product, a seller's list). A change to any product
 * invalidates it all: which lists a product appears in depends on its status, category and text.
 */
export const productsQueryKey = ["products"] as const;
