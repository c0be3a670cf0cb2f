/** A staff user as the list and the form receive it (the caller's role's fields: others may be absent). */
export type UserRow = {
  id: string;
  first_name: string;
  last_name: string;
  status: string;
  username?: string;
  email?: string;
  phone_number?: string;
  user_group_id?: string;
  role_display_name?: string;
  status_reason?: string | null;
  invitation_status?: string | null;
  created_date?: string;
};
export type EditedUser = UserRow;
