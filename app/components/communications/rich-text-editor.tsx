import { Button, Flex, TextField } from "@radix-ui/themes";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";

/**
 * The message's editor (decisions 090, 109): TipTap, set to the server's allow-list (paragraphs, bold, italic,
 * underline, headings 2 and 3, lists, quotes, links); what it posts is HTML the server sanitizes again. TipTap's own
 * stylesheet is not injected (the page's Content-Security-Policy allows no inline style): communications.css has it.
 * The form posts the HTML in a hidden `body` field.
 */
export function RichTextEditor({ name, initialHtml, labelledBy, describedBy, invalid }: { name: string; initialHtml: string; labelledBy: string; describedBy: string; invalid: boolean }) {
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto"], HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" } },
      }),
    ],
    content: initialHtml,
    injectCSS: false,
    // rendered in the browser only: the server's page shows the field empty until the editor starts
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: "rc-rich-text",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        "aria-describedby": describedBy,
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <Flex direction="column" gap="2">
      {editor ? <Toolbar editor={editor} /> : null}
      <div className="rc-rich-text-frame" data-invalid={invalid ? "" : undefined}>
        {editor ? <EditorContent editor={editor} /> : <div className="rc-rich-text" aria-hidden="true" />}
      </div>
      <input type="hidden" name={name} value={html} />
    </Flex>
  );
}

const MARKS = [
  { label: "Bold", mark: "bold", run: (e: Editor) => e.chain().focus().toggleBold().run() },
  { label: "Italic", mark: "italic", run: (e: Editor) => e.chain().focus().toggleItalic().run() },
  { label: "Underline", mark: "underline", run: (e: Editor) => e.chain().focus().toggleUnderline().run() },
] as const;

/** The formatting buttons: each says whether it is on for the selection (aria-pressed). */
function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      h2: e.isActive("heading", { level: 2 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState("");
  const button = (label: string, pressed: boolean, run: () => void) => (
    <Button key={label} type="button" size="1" variant={pressed ? "solid" : "soft"} color="gray" aria-pressed={pressed} onClick={run}>
      {label}
    </Button>
  );
  const applyLink = () => {
    const address = href.trim();
    if (address && /^(https?:\/\/|mailto:)/i.test(address)) editor.chain().focus().extendMarkRange("link").setLink({ href: address }).run();
    else if (!address) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    setLinking(false);
    setHref("");
  };
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" wrap="wrap" role="toolbar" aria-label="Formatting">
        {MARKS.map((m) => button(m.label, state[m.mark], () => m.run(editor)))}
        {button("Heading", state.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {button("Bulleted list", state.bullets, () => editor.chain().focus().toggleBulletList().run())}
        {button("Numbered list", state.numbers, () => editor.chain().focus().toggleOrderedList().run())}
        {button("Quote", state.quote, () => editor.chain().focus().toggleBlockquote().run())}
        {button("Link", state.link, () => {
          setHref(String(editor.getAttributes("link").href ?? ""));
          setLinking((open) => !open);
        })}
      </Flex>
      {linking ? (
        <Flex gap="2" align="end" wrap="wrap">
          <label className="rc-rich-text-link">
            <span>Link address (https:// or mailto:; empty removes the link)</span>
            <TextField.Root
              value={href}
              autoFocus
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  applyLink();
                }
              }}
            />
          </label>
          <Button type="button" size="1" onClick={applyLink}>
            Apply link
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
