import { z } from "zod";
import { ORGANIZATION_TYPES } from "../settings";
import { POSTAL_CODE_MESSAGE, postalCodeFits } from "./postal";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/**
 * The organization request form (decision 067): the organization's name and type, its address (the postal
 * code must fit the province/state), and its contact person, who becomes the organization account. `website`
 * is the honeypot: a person leaves it empty (it is hidden); a filled one is answered as a success and dropped.
 */
export const organizationRequestSchema = z
  .object({
    name: required("Name", 200),
    type: z.enum(ORGANIZATION_TYPES, { error: "Type must be school or other" }),
    street_address: required("Street Address", 200),
    city: required("City", 100),
    state: required("Province/State", 100),
    postal_code: required("Postal Code", 20),
    contact_first_name: required("First Name", 100),
    contact_last_name: required("Last Name", 100),
    contact_email: required("E-mail", 254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "E-mail must be an e-mail address, like name@example.org" }),
    contact_phone: required("Phone Number", 30).regex(/^[+]?[0-9 ().-]*$/, { error: "Phone Number may hold digits, spaces, +, -, ( and ) only" }),
    website: z.string().max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.state && v.postal_code && !postalCodeFits(v.state, v.postal_code)) ctx.addIssue({ code: "custom", message: POSTAL_CODE_MESSAGE, path: ["postal_code"] });
  });

export type OrganizationRequestInput = z.output<typeof organizationRequestSchema>;
/** What the request keeps (the honeypot never reaches an event). */
export type OrganizationRequestDetails = Omit<OrganizationRequestInput, "website">;

export const declineOrganizationRequestSchema = z.object({
  reason: required("Reason", 2000),
});

export const NAME_TAKEN = "An organization with this name exists already";
export const ORGANIZATION_REQUEST_TOASTS = {
  created: "Organization Request successfully created",
  approved: "Organization Request successfully approved",
  declined: "Organization Request successfully declined",
} as const;
export const ORGANIZATION_TOASTS = { created: "Organization successfully created", updated: "Organization successfully updated" } as const;

/** PUT /api/organization/:id (decision 067): what a granter or superadmin edits; every field optional, the rest kept. */
export const editOrganizationSchema = z
  .object({
    name: required("Name", 200).optional(),
    type: z.enum(ORGANIZATION_TYPES, { error: "Type must be school or other" }).optional(),
    street_address: required("Street Address", 200).optional(),
    city: required("City", 100).optional(),
    state: required("Province/State", 100).optional(),
    postal_code: required("Postal Code", 20).optional(),
    support_email: z
      .string()
      .trim()
      .max(254)
      .regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "Support E-mail must be an e-mail address, like name@example.org" })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.state && v.postal_code && !postalCodeFits(v.state, v.postal_code)) ctx.addIssue({ code: "custom", message: POSTAL_CODE_MESSAGE, path: ["postal_code"] });
  });
export type EditOrganizationInput = z.output<typeof editOrganizationSchema>;
