/** A podcast episode of a playlist. */
export interface Song {
  title: string;
  /** Where the audio file is served; episodes live under client/public/podcast/. */
  url: string;
  artist: string;
}

export interface Playlist {
  name: string;
  songs: readonly Song[];
}

/**
 * The show. It is data: to add an episode, make its file (scripts/make-episode.sh shows how) and add
 * a song here; the players, the shuffle and the media keys pick it up.
 */
export const TECH_TOUCHDOWN_PODCAST: Playlist = {
  name: 'Tech Touchdown Podcast',
  songs: [
    {
      title: 'Tech Touchdown Ep. 0',
      url: '/podcast/tech-touchdown-ep-0.opus',
      artist: 'Tech Touchdown',
    },
  ],
};
