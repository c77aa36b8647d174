import { toast } from "sonner";

/** Saves text as a file through a temporary link, and says so in a toast; a failed fetch shows as an error toast. */
export async function downloadFile(
  fetchFile: () => Promise<{ content: string; filename: string; type: string }>,
): Promise<void> {
  try {
    const { content, filename, type } = await fetchFile();
    const url = URL.createObjectURL(new Blob([content], { type }));
    Object.assign(document.createElement("a"), { href: url, download: filename }).click();
    URL.revokeObjectURL(url);
    toast.success(`Downloaded ${filename}`);
  } catch (error) {
    toast.error("The download failed", { description: error instanceof Error ? error.message : String(error) });
  }
}
