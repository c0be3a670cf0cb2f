import { Avatar, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { PhotoUploadButton } from "../uploads/photo-upload-button";

const initialsOf = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || "?";

/**
 * One's own photo (decision 060): the upload flow of decision 058 (link, PUT, registered as the user's
 * photo_url), saved at once, apart from the forms. Without a photo, the initials.
 */
export function ProfilePhoto({ userId, firstName, lastName, photoUrl }: { userId: string; firstName: string; lastName: string; photoUrl: string | null }) {
  const [url, setUrl] = useState(photoUrl);
  return (
    <Flex direction="column" align="center" gap="2" data-testid="profile-photo">
      <Avatar size="6" radius="full" src={url ?? undefined} fallback={initialsOf(firstName, lastName)} alt={url ? "Your photo" : ""} />
      <PhotoUploadButton entity="user" entityId={userId} hasPhoto={url !== null} onUploaded={setUrl} />
    </Flex>
  );
}
