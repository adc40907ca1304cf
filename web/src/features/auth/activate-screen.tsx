import Button from "react-bootstrap/Button";
import { useNavigate, useParams } from "react-router";
import { showMessage } from "../../app/alert.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { FormContainer } from "../../components/form-container.tsx";
import { ACCOUNT_MESSAGES, useVerifyEmailMutation } from "./auth-api.ts";

/** /dj-rest-auth/registration/account-confirm-email/{key}/: the e-mailed verification link. */
export function ActivateScreen() {
  const { key = "" } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [verifyEmail, { isLoading }] = useVerifyEmailMutation();

  async function verify() {
    const result = await verifyEmail({ key });
    if (!result.data) {
      dispatch(showMessage(ACCOUNT_MESSAGES.verifyFail, "danger"));
      return;
    }
    dispatch(showMessage(ACCOUNT_MESSAGES.verifySuccess, "success"));
    navigate("/login");
  }

  return (
    <FormContainer>
      <title>Verify your Account | Krishi Bazaar</title>
      <h1>Verify your Account</h1>
      <p>Confirm your e-mail address to finish creating your account.</p>
      <Button type="button" variant="primary" disabled={isLoading} onClick={verify}>
        Verify
      </Button>
    </FormContainer>
  );
}
