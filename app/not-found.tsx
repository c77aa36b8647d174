import { SiteFrame, StatusMessage } from "@/components/ui/site-frame";

export default function NotFound() {
  return (
    <SiteFrame>
      <StatusMessage title="Not found">
        <p>This page does not exist, or it belongs to a team you are not a member of.</p>
      </StatusMessage>
    </SiteFrame>
  );
}
