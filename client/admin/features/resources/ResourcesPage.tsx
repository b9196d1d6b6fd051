// The system resource page: the settings of Resources.tsx, then company sign-in's.
import Resources from "./Resources.tsx";
import { CompanySignInSettings } from "./CompanySignInSettings.tsx";

export default function ResourcesPage() {
  return (
    <>
      <Resources />
      <CompanySignInSettings />
    </>
  );
}
