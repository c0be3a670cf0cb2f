import { Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { PhotoUploadButton } from "../uploads/photo-upload-button";
import type { EditedProgram } from "./builder-types";

/**
 * The program's photo on the builder's form (decision 058): uploaded through the upload flow (link, PUT,
 * registered against the program), so it is saved at once, apart from the form's other fields. A program
 * being built has no id yet: its photo is added once it is built.
 */
export function ProgramPhoto({ program, photoUrl }: { program: EditedProgram | null; photoUrl: string | null }) {
  const [url, setUrl] = useState(photoUrl);
  return (
    <Flex direction="column" gap="2" data-testid="program-photo">
      <Text as="p" size="2" weight="medium">
        Photo
      </Text>
      {program ? (
        <Flex gap="3" align="center" wrap="wrap">
          {url ? (
            <img src={url} alt={`${program.name}'s photo`} width={160} height={100} style={{ objectFit: "cover", borderRadius: "var(--radius-2)" }} data-testid="program-photo-image" />
          ) : (
            <Text size="2" color="gray">
              No photo yet.
            </Text>
          )}
          <PhotoUploadButton entity="program" entityId={program.id} hasPhoto={url !== null} onUploaded={setUrl} />
        </Flex>
      ) : (
        <Text size="2" color="gray">
          Add a photo once the program is built: open it with Edit.
        </Text>
      )}
    </Flex>
  );
}
