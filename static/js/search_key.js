// A name as a search compares it, in the browser: the same as league.clubs.names.search_key and
// finds on the server, for the lists that narrow as one types (check-in, "Where do I sit?", the
// roster). Case folded, accents dropped, and the letters Unicode does not decompose spelled out:
// "aegir" finds Ægir Þórsson, "doeuf" finds Jérôme Dœuf. The page gives each name's key in its
// data-name (made by the server); only what is typed is folded here.
(function () {
  "use strict";
  // league.clubs.names._SPELLED_OUT (a test holds the two the same)
  var SPELLED_OUT = {
    "æ": "ae", "œ": "oe", "ø": "o", "þ": "th", "ð": "d", "ß": "ss", "ł": "l", "đ": "d", "ħ": "h", "ı": "i"
  };
  var LETTERS = new RegExp("[" + Object.keys(SPELLED_OUT).join("") + "]", "g");

  function spelledOut(text) {
    return text.replace(LETTERS, function (letter) { return SPELLED_OUT[letter]; });
  }

  function searchKey(text) {
    // toLowerCase and Python's casefold differ on ß (spelled out above), a final sigma and a long s
    var lowered = text.split(/\s+/).filter(Boolean).join(" ").toLowerCase().replace(/ς/g, "σ").replace(/ſ/g, "s");
    lowered = spelledOut(lowered);
    return spelledOut(lowered.normalize("NFKD").replace(/\p{M}/gu, ""));
  }

  // Does a search for `query` find the name whose key is `key`? Each word of it is in the key.
  function finds(query, key) {
    return searchKey(query).split(" ").filter(Boolean).every(function (word) {
      return key.indexOf(word) !== -1;
    });
  }

  window.bookkeeperNames = { searchKey: searchKey, finds: finds };
})();
