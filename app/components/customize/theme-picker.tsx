import { Card, Flex, Heading, Text, Tooltip } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { THEME_COLORS } from "#modules/organizations/client";
import type { Notice } from "../user-groups/types";
import type { CustomizeActionData } from "./types";

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The 18 theme colours (spec-1 sections 1 and 9); the current one is marked, a click saves another. */
export function ThemePicker({ mainColor, onDone }: { mainColor: string; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<CustomizeActionData>();
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) onDone(notice);
  }, [notice, onDone]);
  const pending = fetcher.formData?.get("main_color");
  const current = THEME_COLORS.find((color) => color.hex === mainColor.toUpperCase());
  return (
    <Card size="2" asChild>
      <section aria-labelledby="theme-heading">
        <Heading as="h2" size="5" mb="1" id="theme-heading">
          Theme
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Current colour: {current ? `${title(current.name)} ${current.hex}` : mainColor}
        </Text>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="theme" />
          <Flex wrap="wrap" gap="3" role="group" aria-label="Theme colours">
            {THEME_COLORS.map((color) => {
              const selected = (typeof pending === "string" ? pending : mainColor).toUpperCase() === color.hex;
              return (
                <Tooltip key={color.hex} content={`${title(color.name)} ${color.hex}`}>
                  <button
                    type="submit"
                    name="main_color"
                    value={color.hex}
                    aria-label={`${title(color.name)} ${color.hex}`}
                    aria-pressed={selected}
                    disabled={fetcher.state !== "idle"}
                    style={{
                      width: 40,
                      height: 40,
                      borderRadius: "50%",
                      border: 0,
                      cursor: "pointer",
                      background: color.hex,
                      boxShadow: selected ? "0 0 0 3px var(--color-panel-solid), 0 0 0 5px var(--gray-12)" : "inset 0 0 0 1px var(--gray-a6)",
                    }}
                  >
                    {selected ? (
                      <Flex align="center" justify="center" style={{ color: "white", fontWeight: 700 }} aria-hidden>
                        ✓
                      </Flex>
                    ) : null}
                  </button>
                </Tooltip>
              );
            })}
          </Flex>
        </fetcher.Form>
      </section>
    </Card>
  );
}
