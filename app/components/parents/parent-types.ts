/** A parent of the /user/parent list as the page gets them (fields the caller may not see come missing, decision 027). */
export type ParentChild = { id: string; first_name?: string; last_name?: string; full_name: string; member_id?: string; relationship?: string | null };
export type ParentRow = { id: string; first_name: string; last_name: string; email?: string; phone_number?: string; status?: string; children?: ParentChild[] };
