/** The menus' data as the page has it: `kept`, the server's HTML shows them and `load` asks for their data. */
export interface KeptMenus {
  id: string
  kept: boolean
  load: () => Promise<void>
}
