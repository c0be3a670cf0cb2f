/** Fixed, varied names and details for demo and test participants (deterministic by index). */
export const FIRST_NAMES = [
  "Amara", "Liam", "Sofia", "Noah", "Aisha", "Mateo", "Chloe", "Ethan", "Priya", "Lucas",
  "Zara", "Oliver", "Mei", "Elijah", "Fatima", "Gabriel", "Hana", "Isaac", "Jasmine", "Kai",
  "Layla", "Marcus", "Nadia", "Omar", "Paloma", "Quinn", "Rosa", "Samuel", "Tariq", "Uma",
  "Valentina", "Wei", "Ximena", "Yusuf", "Zoe", "Aaliyah", "Benjamin", "Camila", "Daniel", "Emeka",
  "Freya", "Gustavo", "Ingrid", "Jamal", "Keira", "Leon", "Maya", "Nikhil", "Olivia", "Pedro",
  "Rania", "Sebastian", "Thandiwe", "Victor", "Wren", "Yara", "Arjun", "Bianca", "Connor", "Divya",
  "Esme", "Felix", "Grace", "Hiroshi", "Imani", "Jonah", "Kiara", "Luca", "Mila", "Nathaniel",
] as const;

export const LAST_NAMES = [
  "Okafor", "Nguyen", "Patel", "Martinez", "Smith", "Chen", "Kowalski", "Haddad", "Singh", "Johnson",
  "Garcia", "Kim", "Osei", "Rossi", "MacDonald", "Tremblay", "Ahmed", "Silva", "Novak", "Cohen",
  "Mensah", "Fernandez", "Yamamoto", "O'Brien", "Dubois", "Ivanova", "Hassan", "Lopez", "Brown", "Wilson",
  "Mohammed", "Santos", "Gagnon", "Reyes", "Park", "Adeyemi", "Muller", "Kaur", "Roy", "Campbell",
  "Bergstrom", "Abdi", "Morales", "Thompson", "Li", "Nakamura", "Papadopoulos", "Bianchi", "Wong", "Ali",
] as const;

export const OTHER_SCHOOLS = [
  "Riverdale Public School",
  "St. Anne Catholic School",
  "Northside Collegiate",
  "Parkview Middle School",
  "Lakeshore Secondary School",
  "Westwood Elementary",
] as const;

export const MEDICAL_CONDITIONS = ["Asthma", "Peanut allergy", "Type 1 diabetes", "Epilepsy", "ADHD", "Bee sting allergy", "Lactose intolerance"] as const;
export const RELATIONSHIPS = ["Aunt", "Uncle", "Grandmother", "Grandfather", "Older sibling", "Family friend", "Neighbour"] as const;
export const STREETS = ["Maple", "Oak", "Birch", "Queen", "King", "Dundas", "Bloor", "Elm", "Cedar", "Spruce"] as const;
export const PREFERRED = ["Phone", "Email", "Text"] as const;
