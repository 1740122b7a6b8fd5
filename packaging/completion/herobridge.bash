# bash completion for herobridge. Commands and options are read from `herobridge --help` and
# `herobridge help COMMAND` when first needed, so they always match the installed binary.

_herobridge_words() {
    # $1: empty for the command list, else a command name; prints the words that help lists.
    if [[ -z $1 ]]; then
        "$2" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
    else
        "$2" help "$1" 2>/dev/null | sed -n 's/^  \(--[a-z-]*\).*/\1/p'
    fi
}

_herobridge() {
    local cur prev program=${COMP_WORDS[0]} command="" i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --db) ((i++)) ;;
            -*) ;;
            *) command=${COMP_WORDS[i]}; break ;;
        esac
    done

    case $prev in
        --db|--output|--set|--config)
            COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
        --selection) COMPREPLY=($(compgen -W "clipboard primary" -- "$cur")); return ;;
        --selections) COMPREPLY=($(compgen -W "clipboard clipboard,primary" -- "$cur")); return ;;
        --backend) COMPREPLY=($(compgen -W "auto x11 wayland" -- "$cur")); return ;;
        --display|--geometry|--max-bytes|--timeout|--target) return ;;
    esac

    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--db --help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_herobridge_words "" "$program")" -- "$cur"))
        fi
        return
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_herobridge_words "$command" "$program") --help" -- "$cur"))
        return
    fi
    case $command in
        service) COMPREPLY=($(compgen -W "install uninstall start stop status" -- "$cur")) ;;
        config) COMPREPLY=($(compgen -W "check show path" -- "$cur")) ;;
        pause) COMPREPLY=($(compgen -W "30s 5m 15m 1h" -- "$cur")) ;;
        help) COMPREPLY=($(compgen -W "$(_herobridge_words "" "$program")" -- "$cur")) ;;
        catalog)
            if [[ $prev == import ]]; then
                COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null
            elif [[ $prev == catalog ]]; then
                COMPREPLY=($(compgen -W "import remove" -- "$cur"))
            elif [[ " ${COMP_WORDS[*]} " == *" remove "* ]]; then
                local IFS=$'\n'
                COMPREPLY=($(compgen -W "$("$program" catalog --custom 2>/dev/null | sed 's/ *  (.*//')" -- "$cur"))
            fi ;;
        decode) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
        remove|portrait)
            local IFS=$'\n'
            COMPREPLY=($(compgen -W "$("$program" list 2>/dev/null)" -- "$cur")) ;;
    esac
}
complete -F _herobridge herobridge
