import type { CheckInTags } from "#modules/check-in";
import type { TagStock } from "#modules/check-in/client";

type Props = { tags: CheckInTags; stock: TagStock };

/** The day as a tag prints it: 'Thu, Nov 26' (the organization's day, decided on the server). */
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/**
 * The two labels of a visit (docs/decisions/036): the child's name tag, and the adult's claim tag with the
 * same security code. A visit without a code (codes switched off) prints the name tag only.
 */
export function TagLabels({ tags, stock }: Props) {
  const code = tags.security_code;
  return (
    <div className="rc-tags" data-testid="tag-labels">
      <section className="rc-tag" data-stock={stock} aria-label="Name tag" data-testid="name-tag">
        <div className="rc-tag-name">{tags.first_name}</div>
        <div className="rc-tag-small">{tags.last_name}</div>
        <div className="rc-tag-row">
          <span className="rc-tag-small">
            {tags.organization_name}
            <br />
            {dayLabel(tags.day)}
          </span>
          {code ? (
            <span className="rc-tag-code" data-testid="name-tag-code">
              {code}
            </span>
          ) : null}
        </div>
      </section>
      {code ? (
        <section className="rc-tag" data-stock={stock} aria-label="Claim tag" data-testid="claim-tag">
          <div className="rc-tag-small">
            <strong>Claim tag</strong> · keep it to collect {tags.first_name}
          </div>
          <div className="rc-tag-code" data-testid="claim-tag-code">
            {code}
          </div>
          <div className="rc-tag-small">
            {tags.organization_name} · {dayLabel(tags.day)}
          </div>
        </section>
      ) : null}
    </div>
  );
}
