import { Select, type SelectProps } from "@mantine/core";

/** A searchable, clearable choice of a game or a kind of goods. Loaded apart from the page: see CatalogueFilters. */
export function CatalogueSelect(props: SelectProps) {
  return <Select searchable clearable size="md" {...props} />;
}
