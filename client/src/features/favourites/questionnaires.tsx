import { useAtom, useAtomValue, useSetAtom } from '@client/lib/store';
import { startTransition, useEffect } from 'react';
import {
  autoOpenQuestionnairesAtom,
  completeTeamQuestionnaireAtom,
  completeTechQuestionnaireAtom,
  favouriteTeamsAtom,
  favouriteTechAtom,
  teamPickerOpenAtom,
  teamQuestionnaireCompletedAtom,
  techQuestionnaireCompletedAtom,
  techPickerOpenAtom,
} from './state';
import { TeamPickerModal } from './team-picker';
import { TechPickerModal } from './tech-picker';

/**
 * Both questionnaire dialogs. On the first visit of a page load, the team one opens by itself when not
 * completed; the tech one follows once the team one is completed. Edit buttons
 * and empty-state buttons open them at any time, starting from the saved favourites.
 */
export function FavouritesQuestionnaires() {
  const [teamOpen, setTeamOpen] = useAtom(teamPickerOpenAtom);
  const [techOpen, setTechOpen] = useAtom(techPickerOpenAtom);
  const teams = useAtomValue(favouriteTeamsAtom);
  const tech = useAtomValue(favouriteTechAtom);
  const completeTeams = useSetAtom(completeTeamQuestionnaireAtom);
  const completeTech = useSetAtom(completeTechQuestionnaireAtom);
  const autoOpen = useSetAtom(autoOpenQuestionnairesAtom);
  // Subscribed so the flags follow other tabs too, not only the favourites.
  useAtomValue(teamQuestionnaireCompletedAtom);
  useAtomValue(techQuestionnaireCompletedAtom);

  // The first visit's dialog draws a tile for every team: rendered as a transition, in slices the
  // browser can answer input between, not as one long task.
  useEffect(() => startTransition(() => autoOpen()), [autoOpen]);

  return (
    <>
      <TeamPickerModal
        open={teamOpen}
        initialSelections={teams}
        onComplete={completeTeams}
        onClose={() => setTeamOpen(false)}
      />
      <TechPickerModal
        open={techOpen && !teamOpen}
        initialSelections={tech}
        onComplete={completeTech}
        onClose={() => setTechOpen(false)}
      />
    </>
  );
}
