import { Outlet } from "react-router";

// PLACEHOLDER: replaced by the storefront layout.
export default function PublicLayout() {
  return <Outlet />;
}
