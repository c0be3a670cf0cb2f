/** The built-in dashboards (decisions 092, 093): figures from the rollups of projections/reports. */
export * from "./names";
export { reportQuery, rangeOf, type ReportQuery } from "./filters";
export { reportCsv, reportCsvName } from "./csv";
// last: the services and the rows reach projections
export { reportCall, reportCsvCall, allReports, reportChoices, resolveFilters, mayViewReports, unknownReport, type ReportChoices } from "./service";
export { reportsApi } from "./api";
export { tableauPageOf, tableauToken, tableauProblems, scopesOf, TABLEAU_TOKEN_SECONDS, REPORT_NOT_FOUND, type TableauPage, type TableauSettings } from "./tableau";
