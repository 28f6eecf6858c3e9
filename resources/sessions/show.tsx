import { ShowPage } from "../../src/components/ShowPage";
import { sessionsDescriptor } from "./descriptor";
import type { Session } from "./schema";
import { SessionDetail, sessionDeletable, sessionDeleteQuestion } from "./SessionDetail";

export default function SessionShow() {
  return (
    <ShowPage<Session>
      resource={sessionsDescriptor}
      render={(session) => <SessionDetail session={session} />}
      deleteQuestion={sessionDeleteQuestion}
      canDeleteRecord={sessionDeletable}
    />
  );
}
