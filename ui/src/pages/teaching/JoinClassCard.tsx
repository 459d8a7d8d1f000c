/** `/classes`: a student joins a teacher's class with the code the teacher gave them. */
import { useState } from "react";
import { useLocation } from "wouter";
import { joinClass } from "../../api/teaching.ts";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { TextField } from "../../components/Field.tsx";
import { SubmitForm } from "../../components/SubmitForm.tsx";
import { useAction } from "../../hooks/useAction.ts";

export function JoinClassCard() {
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const join = useAction();
  const [, navigate] = useLocation();
  return (
    <Card title="Join a class">
      <SubmitForm
        error={join.error}
        onSubmit={async () => {
          if (!code.trim()) return setFieldError("Enter the class's join code.");
          setFieldError(null);
          const joined = await join.run(() => joinClass(code.trim()));
          if (joined) navigate(`/classes/${joined.id}`);
        }}
      >
        <div className="inline-form">
          <TextField
            label="Join code"
            value={code}
            onValueChange={setCode}
            error={fieldError}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            hint="The 8 letters and digits your teacher gave you."
          />
          <Button type="submit" busy={join.busy} busyLabel="Joining…">
            Join class
          </Button>
        </div>
      </SubmitForm>
    </Card>
  );
}
