import Spinner from "react-bootstrap/Spinner";

/** The large (100px) spinner with the text "Loading..." (spec). */
export function Loader() {
  return (
    <div role="status" className="d-flex flex-column align-items-center my-4">
      <Spinner animation="border" aria-hidden="true" style={{ width: "100px", height: "100px" }} />
      <span className="mt-2">Loading...</span>
    </div>
  );
}
