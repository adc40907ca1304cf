import Button from "react-bootstrap/Button";
import { useNavigate, useParams } from "react-router";
import { showMessage } from "../../base/alert.ts";
import { useAppDispatch } from "../../base/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { t } from "../../i18n/index.ts";
import { errorCode, errorNotice } from "../../lib/api-error.ts";
import { ACCOUNT_MESSAGES, useVerifyEmailMutation } from "./auth-api.ts";
import "./auth.css";

/** /dj-rest-auth/registration/account-confirm-email/{key}/: the e-mailed verification link. */
export function ActivateScreen() {
  const { key = "" } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();

  async function verify() {
    const result = await verifyEmail({ key });
    if (!result.data) {
      // Another account verified the address first: say so, not that the link failed.
      const taken = errorCode(result.error) === "email_taken";
      dispatch(showMessage(taken ? errorNotice(result.error) : ACCOUNT_MESSAGES.verifyFail, "danger"));
      return;
    }
    dispatch(showMessage(ACCOUNT_MESSAGES.verifySuccess, "success"));
    navigate("/login");
  }

  return (
    <FormContainer>
      <title>{`${t("Verify your Account")} | Krishi Bazaar`}</title>
      <h1>{t("Verify your Account")}</h1>
      <p>{t("Confirm your e-mail address to finish creating your account.")}</p>
      <Button type="button" variant="primary" className="w-100 auth-submit" disabled={isLoading} onClick={verify}>
        {t("Verify")}
      </Button>
    </FormContainer>
  );
}
