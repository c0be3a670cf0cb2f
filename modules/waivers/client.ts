/** Browser-safe face of the Waivers page: statuses, labels, the forms' schemas and the page's texts. */
export * from "./schema";
