import { SiteFrame, StatusMessage } from "@/components/ui/site-frame";

export default function Forbidden() {
  return (
    <SiteFrame>
      <StatusMessage title="Not allowed">
        <p>Your role in this team does not allow this page. Ask a team owner for a higher role.</p>
      </StatusMessage>
    </SiteFrame>
  );
}
