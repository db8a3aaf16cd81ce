import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/** Back within the app; a page opened directly (nothing to go back to here) goes home instead of leaving the site. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  // The router gives the first location of a session the key "default".
  const isFirstPage = useLocation().key === "default";
  return useCallback(() => {
    void (isFirstPage ? navigate("/") : navigate(-1));
  }, [isFirstPage, navigate]);
}
